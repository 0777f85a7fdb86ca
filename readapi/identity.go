package readapi

// identityRoutes are the identity API's endpoints (/v1/auth/…, /v1/token/refresh,
// /v1/admin/profile): they arrive with the identity work.
func (s *Server) identityRoutes() []Route { return nil }
