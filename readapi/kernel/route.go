package kernel

import "net/http"

// Route is one endpoint: its permission is part of its declaration.
type Route struct {
	Method  string
	Pattern string
	// Permission the caller needs: a permission name, Authenticated, Customer, or Public.
	Permission string
	// Organization, when set, reads the organisation the permission is checked in.
	Organization func(*http.Request) string
	// Reads names the read models the handler queries: it waits for the caller's own
	// writes on them.
	Reads []string
	// Platform routes act on platform-wide data (applications, the catalogue), so the
	// ApplicationId header is optional: without it only platform grants (superadmin)
	// count; with it, the caller's roles in that application do too (decision 0501).
	Platform bool
	Handler  func(http.ResponseWriter, *http.Request) error
	Doc      Doc
}

const (
	// Public routes need no credentials (log in, health).
	Public = "public"
	// Authenticated routes need a caller in the application, and no permission.
	Authenticated = "authenticated"
	// Customer routes act for the caller on their own wallet: they need a caller who is
	// a customer of the application; staff are refused with 403 (0530).
	Customer = "customer"
)

// Permissions of the catalogue. Which role holds which is data (authz).
const (
	PermViewCatalog   = "view-catalog"
	PermManageCatalog = "manage-catalog"
)

// Doc describes a route for the OpenAPI document, which is generated from the route
// table so it cannot drift from what is served. The SPA's types are generated from it.
type Doc struct {
	Summary  string
	Request  any // a zero value of the body type, or nil
	Response any // a zero value of the answer type
	Query    []string
	Status   int // success status, 200 when zero
	// Form names the fields of a multipart/form-data body; "file" is the file.
	Form []string
	// Errors are the error statuses the route answers beyond those its shape implies
	// (documentErrors): 401 of a public route that needs a token, 429 of a rate limit.
	Errors []int
}
