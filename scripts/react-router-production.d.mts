/** The production file for an import of `react-router` or `react-router/dom`; others: undefined. */
export function reactRouterProductionFile(source: string): string | undefined;
