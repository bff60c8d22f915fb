import { Router } from 'express';

import { DEPARTMENT_SORTS, departmentFilterSchema } from '../../contracts/departments.js';
import { parseIdParam } from '../../http/id-param.js';
import { raListRoute } from '../../http/list-query.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { createDepartment, getDepartment, listDepartments, updateDepartment } from './departments.service.js';

/** /api/admin/departments: admins manage the list, finance reads it (budgets name departments). */
export function departmentsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get(
    '/admin/departments',
    allow.roles('admin', 'finance'),
    raListRoute(
      'departments',
      { sortFields: DEPARTMENT_SORTS, defaultSort: { field: 'name', order: 'asc' }, filter: departmentFilterSchema },
      (req, page) => listDepartments(contextFor(req), page),
    ),
  );

  router.get('/admin/departments/:id', allow.roles('admin', 'finance'), async (req, res) => {
    res.json(await getDepartment(contextFor(req), parseIdParam(req.params)));
  });

  router.post('/admin/departments', allow.roles('admin'), async (req, res) => {
    res.status(201).json(await createDepartment(contextFor(req), req.body));
  });

  router.put('/admin/departments/:id', allow.roles('admin'), async (req, res) => {
    res.json(await updateDepartment(contextFor(req), parseIdParam(req.params), req.body));
  });

  return router;
}
