// Package kernel is what the read API's contexts share, and only that (decision 1300):
//
//   - the route: Route, Doc, the permissions Public, Authenticated and Customer, and the
//     Deps and Core every context's Handlers embed;
//   - the request: Decode (strict JSON), UUIDParam, PrincipalFrom and TenantFrom,
//     Meta (a command's envelope, Idempotency-Key included) and the command answers;
//   - the answer: WriteJSON, WriteError (the one error shape) and the messages it
//     resolves (Translate, FieldName; each context adds its own with RegisterMessages);
//   - lists: ParseListQuery, ListAnswer, keyset cursors (KeysetPage, DecodeCursor);
//   - tenancy: InTenant (the tenant's rows only), AllowedIn, the organisation and
//     wallet in scope, the application's zone; MustBeCustomer;
//   - idempotency (BindIdempotencyKey), file references (CheckFileRefs), exports
//     (NewSheet), and the few lookups more than one context asks for.
//
// A context never imports another context: a query a second context needs moves here.
package kernel
