// Publication application calls (SPEC §7 Orders): validate and create an order (payment type none).
import { z } from "zod";
import type { UpstreamClient } from "./client";

export type NewOrder = {
  advertisement: string;
  region: string;
  locality: string;
  course: string;
  publishesAt: string;
  paymentType: "none";
};

export const validateOrder = (api: UpstreamClient, order: NewOrder) =>
  api.send("POST", "/api/adv/publishment_orders/validate", order, z.unknown());

export const createOrder = (api: UpstreamClient, order: NewOrder) =>
  api.send(
    "POST",
    "/api/adv/publishment_orders",
    order,
    z.object({ "@id": z.string() }).passthrough(),
  );
