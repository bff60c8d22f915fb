import { z } from 'zod';

import { raListQuerySchema, uuidIdParamsSchema } from '../admin-list.js';
import { departmentCreateSchema, departmentSchema, departmentUpdateSchema } from '../departments.js';
import { endpoint } from './endpoint.js';

const tag = 'Admin: departments';
const readers = { roles: ['admin', 'finance'] } as const;
const access = { roles: ['admin'] } as const;

/** /api/admin/departments: the managed list of cost centres, ra-data-simple-rest. */
export const departmentsEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/departments',
    summary: 'List departments (cost centres)',
    description:
      'ra-data-simple-rest list. Sort: code, name, active, created_at. Filter: q, active, id. Finance may read.',
    tag,
    access: readers,
    query: raListQuerySchema,
    responses: { 200: z.array(departmentSchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
  get: endpoint({
    method: 'get',
    path: '/api/admin/departments/:id',
    summary: 'One department',
    tag,
    access: readers,
    params: uuidIdParamsSchema,
    responses: { 200: departmentSchema },
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: 'post',
    path: '/api/admin/departments',
    summary: 'Add a department (the code is upper-cased and unique: 409 DEPARTMENT_CODE_TAKEN)',
    tag,
    access,
    body: departmentCreateSchema,
    responses: { 201: departmentSchema },
    errors: [400, 401, 403, 409],
  }),
  update: endpoint({
    method: 'put',
    path: '/api/admin/departments/:id',
    summary: 'Edit or deactivate a department (active: false; its members and history stay)',
    tag,
    access,
    params: uuidIdParamsSchema,
    body: departmentUpdateSchema,
    responses: { 200: departmentSchema },
    errors: [400, 401, 403, 404, 409],
  }),
};
