package auditlog_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/commands"
	"move/domain/catalog"
	"move/domain/organization"
	"move/internal/testenv"
	"move/projections/auditlog"
)

// Every event of an application lands in audit_events as stored, with its envelope in
// columns; a platform event (no application) does not.
func TestAuditLogCopiesEveryEventOfAnApplication(t *testing.T) {
	env := testenv.New(t)
	env.RunProjections(t, env.Runner(t, auditlog.Projector(env.Registry.Types())))
	ctx := context.Background()
	app := uuid.NewString()
	created, err := env.App.CreateOrganization(ctx, commands.Meta{ApplicationID: app, ActorID: "tester"}, organization.Profile{Name: "Club"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.App.CreateCatalogItem(ctx, commands.Meta{CommandID: uuid.New(), ActorID: "tester"}, catalog.Sport, catalog.Fields{Name: "Golf"}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		var rows, platform int
		var entityType, entityID, actor, data string
		_ = env.DB.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE type LIKE 'sport.%'), max(entity_type), max(entity_id), max(actor_id), max(data::text)
			FROM readmodel.audit_events WHERE type LIKE 'organization.%' OR type LIKE 'sport.%'`).Scan(&rows, &platform, &entityType, &entityID, &actor, &data)
		if rows == 1 {
			if platform != 0 || entityType != "organization" || entityID != created.ID || actor != "tester" || data == "" {
				t.Fatalf("row: %s %s %s %s", entityType, entityID, actor, data)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("audit_events has %d organisation or sport rows", rows)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestSplitStream(t *testing.T) {
	for stream, want := range map[string][2]string{
		"organization-1b7dff1f-f891-596f-adf4-ba8350d1739d": {"organization", "1b7dff1f-f891-596f-adf4-ba8350d1739d"},
		"permissions-matrix": {"permissions", "matrix"},
		"single":             {"single", ""},
	} {
		if typ, id := auditlog.SplitStream(stream); typ != want[0] || id != want[1] {
			t.Errorf("%s: %s %s", stream, typ, id)
		}
	}
}
