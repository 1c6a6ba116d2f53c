// The course list's rows (SPEC §2 Course list): every course, active or not, as the table shows it.
import type { UpstreamClient } from "~/.server/upstream/client";
import { listCourses } from "~/.server/upstream/courses";
import { coursePriceLabel, periodLabel } from "~/domain/course";

export type CourseRow = {
  id: number;
  isActive: boolean;
  name: string;
  price: string;
  note: string;
  period: string;
};

export async function loadCourseRows(api: UpstreamClient): Promise<CourseRow[]> {
  const { member } = await listCourses(api);
  return member.map((course) => ({
    id: course.id,
    isActive: course.isActive,
    name: course.name,
    price: coursePriceLabel(course.price),
    note: course.note ?? "",
    period: periodLabel(course),
  }));
}
