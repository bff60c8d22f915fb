import { hubEventSchema } from '../events.js';
import { endpoint } from './endpoint.js';

export const eventsEndpoints = {
  stream: endpoint({
    method: 'get',
    path: '/api/events',
    summary: "Live updates: the caller's own profile and order changes, and catalogue changes",
    description:
      'Server-sent events; each event is named by its `type` and carries the JSON shown. At most 5 streams per sign-in and 20 per account (429 TOO_MANY_STREAMS).',
    tag: 'Live updates',
    access: 'signed-in',
    responses: {
      200: { contentType: 'text/event-stream', description: 'An endless event stream', schema: hubEventSchema },
    },
    errors: [429],
  }),
};
