/**
 * How a worker pool starts a worker module named beside the caller: the built .js directly, or,
 * when the portal runs from its TypeScript sources, a loader that registers tsx first.
 */
export function workerStart(callerUrl: string, workerName: string): { filename: string; workerData: unknown } {
  if (!callerUrl.endsWith('.ts')) return { filename: new URL(`./${workerName}.js`, callerUrl).href, workerData: null };
  return {
    filename: new URL('./typescript-worker.mjs', import.meta.url).href,
    workerData: { typescriptModule: new URL(`./${workerName}.ts`, callerUrl).href },
  };
}
