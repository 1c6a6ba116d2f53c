// Publishment course calls (SPEC §7 Other data, issue 13): the administrator's course list, one
// course, and its validate / create / update.
import { z } from "zod";
import type { UpstreamClient } from "./client";
import { getAllMembers } from "./hydra";
import { identified } from "./relations";

const anything = z.unknown();

const courseFields = z.object({
  "@id": z.string(),
  id: z.number(),
  isActive: z.boolean(),
  name: z.string(),
  price: z.number(),
  note: z.string().nullish(),
  periodType: z.enum(["month", "day"]),
  months: z.number().nullish(),
  days: z.number().nullish(),
  periodLabel: z.string().nullish(),
});
export const courseSchema = identified(courseFields);
export type CourseResource = z.infer<typeof courseFields>;

/** What the course form sends: the other period type's field is left out (stored null). */
export type CourseInput = {
  isActive: boolean;
  name: string;
  price: number;
  note: string | null;
  periodType: "month" | "day";
  months?: number;
  days?: number;
};

/** Every course, active or not, in id order, however many pages the upstream splits it into. */
export async function listCourses(api: UpstreamClient) {
  const member = await getAllMembers(api, "/api/adv/publishment_courses", courseSchema, {
    itemsPerPage: 300,
  });
  return { member, totalItems: member.length };
}

export const getCourse = (api: UpstreamClient, id: number) =>
  api.get(`/api/adv/publishment_courses/${id}`, courseSchema);

export const validateCourse = (api: UpstreamClient, course: CourseInput) =>
  api.send("POST", "/api/adv/publishment_courses/validate", course, anything);

export const createCourse = (api: UpstreamClient, course: CourseInput) =>
  api.send("POST", "/api/adv/publishment_courses", course, courseSchema);

export const updateCourse = (api: UpstreamClient, id: number, course: CourseInput) =>
  api.send("PUT", `/api/adv/publishment_courses/${id}`, course, courseSchema);
