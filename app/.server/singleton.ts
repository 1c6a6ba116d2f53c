// One value per process, shared by the server (server/*.ts) and the router build it loads: the
// build bundles its own copy of app/.server, so a module-level value would exist twice (the
// request scope set by the server unseen by the build's upstream client, two metric registries).
// Epic Stack's singleton.server.ts does the same for its database client.
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as typeof globalThis & { __omiseSingletons?: Map<string, unknown> };
  const values = (store.__omiseSingletons ??= new Map<string, unknown>());
  if (!values.has(name)) values.set(name, create());
  return values.get(name) as T;
}
