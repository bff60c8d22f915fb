import type { Request, Router } from 'express';
import type { z } from 'zod';

import type { Role } from '../contracts/roles.js';
import { parseIdParam } from './id-param.js';
import { raListRoute, type ListPage } from './list-query.js';
import { allow } from './policy.js';

/** A react-admin list under /api/admin: its sort and filter allowlists and the service loading a page. */
export interface RaList<SortField extends string, FilterShape extends z.ZodRawShape, Row> {
  sortFields: readonly SortField[];
  defaultSort: { field: SortField; order: 'asc' | 'desc' };
  filter: z.ZodObject<FilterShape>;
  /** Page size when the request names no range (the list-query default otherwise). */
  defaultLimit?: number;
  load: (
    req: Request,
    page: ListPage<SortField, z.infer<z.ZodObject<FilterShape>>>,
  ) => Promise<{ rows: Row[]; total: number }>;
}

/** The four routes of a react-admin resource under /api/admin and the services behind them. */
export interface RaResource<SortField extends string, FilterShape extends z.ZodRawShape, Row> {
  /** The resource's name, as react-admin and the Content-Range header spell it: 'locations'. */
  name: string;
  readRoles: Role[];
  writeRoles: Role[];
  list: RaList<SortField, FilterShape, Row>;
  get: (req: Request, id: string) => Promise<unknown>;
  create: (req: Request, body: unknown) => Promise<unknown>;
  update: (req: Request, id: string, body: unknown) => Promise<unknown>;
  /** The resource's :id rule when it has its own not-found answer (http/id-param.ts). */
  parseId?: (params: unknown) => string;
}

/**
 * Mounts GET list, GET one, POST and PUT of a react-admin resource (ra-data-simple-rest): each route
 * with its policy first, the list with its checked sort and filter, a create answering 201.
 */
export function mountRaResource<SortField extends string, FilterShape extends z.ZodRawShape, Row>(
  router: Router,
  resource: RaResource<SortField, FilterShape, Row>,
): void {
  const path = `/admin/${resource.name}`;
  const parseId = resource.parseId ?? ((params: unknown) => parseIdParam(params));
  mountRaList(router, resource.name, resource.readRoles, resource.list);
  router.get(`${path}/:id`, allow.roles(...resource.readRoles), async (req, res) => {
    res.json(await resource.get(req, parseId(req.params)));
  });
  router.post(path, allow.roles(...resource.writeRoles), async (req, res) => {
    res.status(201).json(await resource.create(req, req.body));
  });
  router.put(`${path}/:id`, allow.roles(...resource.writeRoles), async (req, res) => {
    res.json(await resource.update(req, parseId(req.params), req.body));
  });
}

/** Mounts GET /api/admin/<name> alone, for a list whose records have no generic create or update. */
export function mountRaList<SortField extends string, FilterShape extends z.ZodRawShape, Row>(
  router: Router,
  name: string,
  roles: Role[],
  { load, ...options }: RaList<SortField, FilterShape, Row>,
): void {
  router.get(`/admin/${name}`, allow.roles(...roles), raListRoute(name, options, load));
}
