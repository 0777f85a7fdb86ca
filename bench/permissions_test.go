package bench

import (
	"testing"
	"time"

	"move/authz"
	"move/domain/identity"
)

// BenchmarkPermissionCheck: one request's permission check under the default matrix,
// with the caller's enforcer kept between requests (what the server does, decision
// 1930) against one built for the check, the two interleaved. Each side answers checks
// per second over 2,000 checks of an organisation's staff member.
func BenchmarkPermissionCheck(b *testing.B) {
	rules, err := authz.ParseDefaults(authz.DefaultMatrix)
	if err != nil {
		b.Fatal(err)
	}
	const app, org = "00000000-0000-0000-0000-00000000000a", "00000000-0000-0000-0000-0000000000f1"
	grants := []identity.Grant{{Role: identity.RoleOrganization, ApplicationID: app, OrganizationID: org}}
	const checks = 2000
	rate := func(check func() (bool, error)) float64 {
		start := time.Now()
		for range checks {
			if ok, err := check(); err != nil || !ok {
				b.Fatalf("the staff member was denied in their organisation (%v)", err)
			}
		}
		return checks / time.Since(start).Seconds()
	}
	var kept authz.Enforcers
	r := interleaved(b, "permission checks: kept enforcer/s against built per check/s", func() float64 {
		return rate(func() (bool, error) {
			e, err := kept.For(rules, "staff", grants)
			if err != nil {
				return false, err
			}
			return e.Allowed("staff", grants, app, org, "edit-product")
		})
	}, func() float64 {
		return rate(func() (bool, error) { return authz.Allowed(rules, "staff", grants, app, org, "edit-product") })
	})
	b.ReportMetric(1e6/r.A, "µs/kept-check")
	b.ReportMetric(1e6/r.B, "µs/built-check")
	b.ReportMetric(r.Median, "ratio")
}
