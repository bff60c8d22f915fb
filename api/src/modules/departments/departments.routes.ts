import { Router } from 'express';

import { DEPARTMENT_SORTS, departmentFilterSchema } from '../../contracts/departments.js';
import { mountRaResource } from '../../http/ra-resource.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { createDepartment, getDepartment, listDepartments, updateDepartment } from './departments.service.js';

/** /api/admin/departments: admins manage the list, finance reads it (budgets name departments). */
export function departmentsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  mountRaResource(router, {
    name: 'departments',
    readRoles: ['admin', 'finance'],
    writeRoles: ['admin'],
    list: {
      sortFields: DEPARTMENT_SORTS,
      defaultSort: { field: 'name', order: 'asc' },
      filter: departmentFilterSchema,
      load: (req, page) => listDepartments(contextFor(req), page),
    },
    get: (req, id) => getDepartment(contextFor(req), id),
    create: (req, body) => createDepartment(contextFor(req), body),
    update: (req, id, body) => updateDepartment(contextFor(req), id, body),
  });

  return router;
}
