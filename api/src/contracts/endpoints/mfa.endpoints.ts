import { mfaCodeSchema, mfaEnrollmentSchema, mfaRecoveryCodesSchema, mfaStatusSchema } from '../auth.js';
import { endpoint } from './endpoint.js';

const tag = 'Two-step sign-in';

export const mfaEndpoints = {
  status: endpoint({
    method: 'get',
    path: '/api/auth/mfa',
    summary: 'Whether two-step sign-in is on and required for this account',
    tag,
    access: 'signed-in',
    responses: { 200: mfaStatusSchema },
  }),
  enroll: endpoint({
    method: 'post',
    path: '/api/auth/mfa/enroll',
    summary: 'Start setting up an authenticator app: a new secret and its QR code',
    tag,
    access: 'signed-in',
    responses: { 200: mfaEnrollmentSchema },
    errors: [409],
  }),
  confirm: endpoint({
    method: 'post',
    path: '/api/auth/mfa/confirm',
    summary: "Turn two-step sign-in on with the app's first code; answers the recovery codes once",
    tag,
    access: 'signed-in',
    body: mfaCodeSchema,
    responses: { 200: mfaRecoveryCodesSchema },
    errors: [409, 429],
  }),
  disable: endpoint({
    method: 'post',
    path: '/api/auth/mfa/disable',
    summary: 'Turn two-step sign-in off (needs a current code)',
    description: 'Administrators cannot when it is required for them (409 MFA_REQUIRED).',
    tag,
    access: 'signed-in',
    body: mfaCodeSchema,
    responses: { 204: { description: 'Turned off' } },
    errors: [409, 429],
  }),
};
