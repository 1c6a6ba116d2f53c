import { describe, expect, it } from "vitest";
import { formatAdministratorId, formatAdvertisementId, formatAdvertiserId, padId } from "./ids";

describe("display ids (SPEC §9)", () => {
  it("pads advertiser ids to 5 digits", () => {
    expect(formatAdvertiserId(7)).toBe("00007");
    expect(formatAdvertiserId("42")).toBe("00042");
  });

  it("pads administrator ids to 3 digits", () => {
    expect(formatAdministratorId(7)).toBe("007");
  });

  it("pads application ids to 6 digits, as formattedAdvertisementId on the wire", () => {
    expect(formatAdvertisementId(12)).toBe("000012");
  });

  it("leaves ids that are already long enough untouched", () => {
    expect(formatAdvertiserId(123456)).toBe("123456");
    expect(formatAdvertiserId(12345)).toBe("12345");
    expect(formatAdministratorId(1234)).toBe("1234");
    expect(padId(99, 1)).toBe("99");
  });
});
