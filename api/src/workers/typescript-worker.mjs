/**
 * Loads a worker thread's TypeScript module when the portal runs from its sources (jest, `npm run
 * dev`): a worker does not inherit its parent's loader hooks, so it registers tsx itself. The
 * module's file URL comes as the pool's workerData; built code starts its .js worker directly.
 */
import { Piscina } from 'piscina';
import { register } from 'tsx/esm/api';

register();
const target = Piscina.workerData?.typescriptModule;
if (typeof target !== 'string') throw new Error('typescript-worker.mjs needs workerData.typescriptModule');
const { default: task } = await import(target);
export default task;
