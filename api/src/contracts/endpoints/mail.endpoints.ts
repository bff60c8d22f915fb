import { demoMailboxQuerySchema, demoMailboxSchema, mailOutboxSummarySchema } from '../mail.js';
import { endpoint } from './endpoint.js';

const tag = 'Mail';

export const mailEndpoints = {
  demoMailbox: endpoint({
    method: 'get',
    path: '/api/demo/mailbox',
    summary: 'Demo mode: the mail of the last day, newest first, with the links in each',
    description:
      'So a person trying the demo reads the mail the portal wrote them (sign-up, password reset) where they are. ' +
      'Answers 404 ROUTE_NOT_FOUND outside demo mode, whatever the query.',
    tag,
    access: 'demo-only',
    query: demoMailboxQuerySchema,
    responses: { 200: demoMailboxSchema },
  }),
  outboxSummary: endpoint({
    method: 'get',
    path: '/api/admin/mail/outbox',
    summary: 'How mail is delivered, and how many mails wait undelivered (a count, never their content)',
    tag,
    access: { roles: ['admin'] },
    responses: { 200: mailOutboxSummarySchema },
  }),
};
