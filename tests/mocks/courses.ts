// /api/adv/publishment_courses writes (issue 13): validate, POST and PUT, administrators only.
// Enough of the upstream's rules to drive the course form: a day course needs days, a month course
// months; what each save sent is kept in `savedCourses` (with the id) for the test to read.
import { http, HttpResponse } from "msw";
import { api, authenticate, constraintViolationList, hydraError, item } from "./upstream";

export const savedCourses: Record<string, unknown>[] = [];

async function judge(request: Request) {
  const user = await authenticate(request);
  if (user instanceof Response) return { refusal: user };
  if (!user.roles.includes("ROLE_ADMINISTRATOR")) {
    return { refusal: hydraError(403, "Access Denied.") };
  }
  const body = (await request.json()) as Record<string, unknown>;
  const field = body.periodType === "month" ? "months" : "days";
  if (body.periodType && typeof body[field] !== "number") {
    return {
      refusal: constraintViolationList([{ propertyPath: field, message: "入力してください。" }]),
    };
  }
  return { body };
}

const asCourse = (id: number, body: Record<string, unknown>) => ({
  "@id": `/api/adv/publishment_courses/${id}`,
  "@type": "PublishmentCourse",
  id,
  months: null,
  days: null,
  ...body,
});

export function courseWriteHandlers() {
  return [
    http.post(api("/api/adv/publishment_courses/validate"), async ({ request }) => {
      const { refusal } = await judge(request);
      return refusal ?? new HttpResponse(null, { status: 204 });
    }),
    http.post(api("/api/adv/publishment_courses"), async ({ request }) => {
      const { refusal, body } = await judge(request);
      if (refusal) return refusal;
      const id = 100 + savedCourses.length;
      savedCourses.push({ id, ...body });
      return item(asCourse(id, body!), 201);
    }),
    http.put(api("/api/adv/publishment_courses/:id"), async ({ request, params }) => {
      const { refusal, body } = await judge(request);
      if (refusal) return refusal;
      const id = Number(params.id);
      savedCourses.push({ id, ...body });
      return item(asCourse(id, body!));
    }),
  ];
}
