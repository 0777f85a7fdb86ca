package identity

import (
	"move/authz"
	"move/domain/identity"
)

func rolesOrder() []string { return append([]string(nil), identity.Roles...) }

func knownPermissions() []string { return append([]string(nil), authz.Permissions...) }

func ruleOf(in permissionInput) identity.Rule {
	return identity.Rule{Role: in.Role, Permission: in.Permission}
}
