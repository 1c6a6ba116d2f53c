// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module "autocannon" {
  type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests to send in all; the run ends when every one is answered (duration is ignored). */
    amount?: number;
    /** Seconds a request may take before it counts as a timeout. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  type Histogram = { p50: number; p99: number; average: number; max: number; totalCount: number };
  type Result = {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: { sent: number };
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
