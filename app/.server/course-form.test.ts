import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { courseInput, courseSchema } from "./course-form";

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: courseSchema });
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
    expect(parse({ ...dayCourse, price: "-1" }).error?.price).toEqual([
      "0以上の整数で入力してください。",
    ]);
    expect(parse({ ...dayCourse, price: "1.5" }).error?.price).toEqual([
      "0以上の整数で入力してください。",
    ]);
  });

  it("the chosen type's field is required: zero or not a number counts as empty", () => {
    expect(parse({ ...dayCourse, days: "0" }).error?.days).toEqual(["入力してください。"]);
    expect(parse({ ...dayCourse, periodType: "month", months: "x" }).error?.months).toEqual([
      "入力してください。",
    ]);
    expect(parse({ ...dayCourse, days: "-3" }).error?.days).toEqual([
      "1以上の整数で入力してください。",
    ]);
    expect(parse({ ...dayCourse, days: "3651" }).error?.days).toEqual([
      "3,650以下で入力してください。",
    ]);
  });

  it("required fields and the period type's placeholder", () => {
    const submission = parse({ name: "", price: "", periodType: "" });
    expect(submission.error).toMatchObject({
      name: ["入力してください。"],
      price: ["入力してください。"],
      periodType: ["選択してください。"],
    });
  });
});
