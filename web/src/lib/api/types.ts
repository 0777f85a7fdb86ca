import type { paths } from './schema';

/**
 * Shapes of the API taken from the generated schema (schema.d.ts, `npm run api-types`):
 * `Answer<'/v1/admin/sports/{id}', 'get'>` is what that call answers on success,
 * `RequestBody<'/v1/admin/sports', 'post'>` what it takes.
 */
export type Path = keyof paths;
export type Method = 'get' | 'put' | 'post' | 'delete';

type Operation<P extends Path, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Responses<P extends Path, M extends Method> = Operation<P, M> extends { responses: infer R } ? R : never;
type SuccessStatus = 200 | 201 | 202;

/** The JSON body of the operation's success answer (200, 201 or 202). */
export type Answer<P extends Path, M extends Method> = JsonOf<Responses<P, M>[SuccessStatus & keyof Responses<P, M>]>;

/** The JSON request body of the operation. */
export type RequestBody<P extends Path, M extends Method> =
  Operation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/** The error body every operation answers on failure. */
export type ErrorBody = JsonOf<Responses<'/v1/auth/login', 'post'>['default']>;
