package commands

import (
	"context"

	"move/domain"
	"move/domain/identity"
)

// GrantPermission gives a role a permission in the matrix.
func (a *App) GrantPermission(ctx context.Context, meta Meta, r identity.Rule) (Result, error) {
	return a.changeMatrix(ctx, meta, func(m *identity.Matrix) ([]domain.Event, error) { return m.Grant(r) })
}

// RevokePermission takes a permission from a role in the matrix.
func (a *App) RevokePermission(ctx context.Context, meta Meta, r identity.Rule) (Result, error) {
	return a.changeMatrix(ctx, meta, func(m *identity.Matrix) ([]domain.Event, error) { return m.Revoke(r) })
}

// SeedDefaultPermissions writes the default rows of the permissions not seeded before:
// all of them on first start, the new ones after an upgrade.
func (a *App) SeedDefaultPermissions(ctx context.Context, meta Meta, rules []identity.Rule, permissions []string) (Result, error) {
	return a.changeMatrix(ctx, meta, func(m *identity.Matrix) ([]domain.Event, error) { return m.SeedDefaults(rules, permissions) })
}

func (a *App) changeMatrix(ctx context.Context, meta Meta, decide func(*identity.Matrix) ([]domain.Event, error)) (Result, error) {
	return a.run.execute(ctx, meta, identity.MatrixStream, func(u *unit) error {
		m := identity.NewMatrix()
		if err := u.load(identity.MatrixStream, m); err != nil {
			return err
		}
		events, err := decide(m)
		if err != nil {
			return err
		}
		return u.append(identity.MatrixStream, m, events...)
	})
}
