// The portal's upstream client against the mocked upstream, sending the token the test holds.
import { createUpstreamClient } from "../../app/.server/upstream/client";
import { UPSTREAM } from "./upstream";

export const mockedClient = (token: () => string, log: (line: string) => void = () => {}) =>
  createUpstreamClient({
    baseUrl: UPSTREAM,
    tokens: { current: async () => token(), renew: async () => token() },
    log,
  });
