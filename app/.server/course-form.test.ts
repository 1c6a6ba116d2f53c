import { parseWithZod } from "@conform-to/zod";
import { http } from "msw";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { administratorClaims, makeToken } from "../../tests/fixtures/tokens";
import { courseWriteHandlers, savedCourses } from "../../tests/mocks/courses";
import { courseFixtures, publishmentAreasHandlers } from "../../tests/mocks/publishment-areas";
import { recordRequests, server, startMockUpstream } from "../../tests/mocks/server";
import { UPSTREAM, api as upstreamPath, collection } from "../../tests/mocks/upstream";
import { courseInput, courseSchema, handleCourseForm } from "./course-form";
import { clearReferenceData, publishmentChoices } from "./reference-data";
import { createUpstreamClient } from "./upstream/client";

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: courseSchema });
}

/** The field errors of a refused form. */
function errorsOf(fields: Record<string, string>) {
  const submission = parse(fields);
  return "error" in submission ? submission.error : undefined;
}

const dayCourse = {
  isActive: "on",
  name: " 10日間掲載 ",
  price: "12000",
  note: "",
  periodType: "day",
  months: "",
  days: "10",
};

describe("the course form's rules", () => {
  it("a day course: whole numbers, the month field ignored, trimmed name, no note", () => {
    const submission = parse({ ...dayCourse, months: "abc", days: "１０" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(courseInput(submission.value)).toEqual({
      isActive: true,
      name: "10日間掲載",
      price: 12000,
      note: null,
      periodType: "day",
      days: 10,
    });
  });

  it("a month course sends months only; an unticked box is inactive", () => {
    const { isActive: _, ...unticked } = dayCourse;
    const submission = parse({ ...unticked, periodType: "month", months: "3", days: "0" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(courseInput(submission.value)).toMatchObject({
      isActive: false,
      periodType: "month",
      months: 3,
    });
    expect(courseInput(submission.value)).not.toHaveProperty("days");
  });

  it("price: full-width digits and commas read; negatives and fractions refused", () => {
    const ok = parse({ ...dayCourse, price: "３０，０００" });
    expect(ok.status === "success" && ok.value.price).toBe(30000);
    expect(errorsOf({ ...dayCourse, price: "-1" })?.price).toEqual([
      "0以上の整数で入力してください。",
    ]);
    expect(errorsOf({ ...dayCourse, price: "1.5" })?.price).toEqual([
      "0以上の整数で入力してください。",
    ]);
  });

  it("the chosen type's field is required: zero or not a number counts as empty", () => {
    expect(errorsOf({ ...dayCourse, days: "0" })?.days).toEqual(["入力してください。"]);
    expect(errorsOf({ ...dayCourse, periodType: "month", months: "x" })?.months).toEqual([
      "入力してください。",
    ]);
    expect(errorsOf({ ...dayCourse, days: "-3" })?.days).toEqual([
      "1以上の整数で入力してください。",
    ]);
    expect(errorsOf({ ...dayCourse, days: "3651" })?.days).toEqual([
      "3,650以下で入力してください。",
    ]);
  });

  it("required fields and the period type's placeholder", () => {
    expect(errorsOf({ name: "", price: "", periodType: "" })).toMatchObject({
      name: ["入力してください。"],
      price: ["入力してください。"],
      periodType: ["選択してください。"],
    });
  });
});

describe("handleCourseForm against the upstream", () => {
  startMockUpstream();
  let api: ReturnType<typeof createUpstreamClient>;
  beforeAll(async () => {
    const token = await makeToken(administratorClaims());
    api = createUpstreamClient({
      baseUrl: UPSTREAM,
      tokens: { current: async () => token, renew: async () => token },
      fetch: (input, init) => fetch(input, init),
      log: () => undefined,
    });
  });
  beforeEach(() => {
    clearReferenceData();
    savedCourses.length = 0;
    server.use(...courseWriteHandlers(), ...publishmentAreasHandlers());
  });

  const post = (fields: Record<string, string>) => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.set(name, value);
    return formData;
  };

  it("送信 updates the course without the other type's field, redirects, and empties the cache", async () => {
    const requests = recordRequests();
    await publishmentChoices(api, UPSTREAM);
    const response = await handleCourseForm(
      post({ ...dayCourse, months: "4", intent: "submit" }) as unknown as Request,
      {},
      api,
      7,
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toBe(
      "/administrator/courses/7/edit/complete",
    );
    expect(savedCourses).toEqual([
      expect.objectContaining({ id: 7, periodType: "day", days: 10, isActive: true }),
    ]);
    expect(savedCourses[0]).not.toHaveProperty("months");
    // The advertisers' next application form reads the courses afresh.
    await publishmentChoices(api, UPSTREAM);
    const courseReads = requests.filter((r) => r.path === "/api/adv/publishment_courses");
    expect(courseReads).toHaveLength(2);
  });

  it("a month course without months is refused beside 掲載月数, nothing saved", async () => {
    const { months: _, ...rest } = dayCourse;
    const fields = { ...rest, periodType: "month", days: "10", intent: "next" };
    const reply = (await handleCourseForm(post(fields) as unknown as Request, {}, api, null)) as {
      data: { phase: string; result: { error?: Record<string, string[]> } };
    };
    // The schema refuses first: months are required for a month course.
    expect(reply.data.phase).toBe("input");
    expect(reply.data.result.error?.months).toEqual(["入力してください。"]);
    expect(savedCourses).toEqual([]);
  });

  it("a changed price is at once the price of the advertisers' application form", async () => {
    const coursesPath = "/api/adv/publishment_courses";
    // The upstream's course list follows what the form saved.
    server.use(
      http.get(upstreamPath(coursesPath), () =>
        collection(
          coursesPath,
          courseFixtures.map((course) => ({
            ...course,
            ...savedCourses.find((saved) => saved.id === course.id),
          })),
        ),
      ),
    );
    const before = await publishmentChoices(api, UPSTREAM);
    expect(before.courses.map((c) => c.price)).toEqual([10000]);
    await handleCourseForm(
      post({ ...dayCourse, price: "12000", intent: "submit" }) as unknown as Request,
      {},
      api,
      1,
    );
    const after = await publishmentChoices(api, UPSTREAM);
    expect(after.courses.map((c) => c.price)).toEqual([12000]);
  });
});
