package identity_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"move/audit"
	"move/commands"
	"move/domain"
	domainidentity "move/domain/identity"
	"move/domain/organization"
	"move/eventstore"
	"move/identity"
)

const auditIBAN = "NL91ABNA0417164300"

// auditedOrganization: the admin of A changes organisation A's finance details through
// the API; the audit read model has the change.
func auditedOrganization(t *testing.T, w *world) (admin string) {
	t.Helper()
	admin, _ = w.login(w.users["admin"], password)
	a := w.call("PUT", "/v1/admin/organizations/"+w.orgA+"/finance", admin, w.appA,
		map[string]any{"attn": "Penningmeester", "address": "Laan 1, Zwolle", "iban": auditIBAN, "account_name": "Sportclub A"})
	if a.Status != http.StatusOK {
		t.Fatalf("finance: %d %v", a.Status, a.Body)
	}
	w.eventually("the audit log has the change", func(tx pgx.Tx) bool {
		var n int
		_ = tx.QueryRow(context.Background(), `SELECT count(*) FROM readmodel.audit_events WHERE type = 'organization.finance_changed.v2'`).Scan(&n)
		return n == 1
	})
	return admin
}

func auditEvents(t *testing.T, a answer) []map[string]any {
	t.Helper()
	if a.Status != http.StatusOK {
		t.Fatalf("%d %v", a.Status, a.Body)
	}
	var out []map[string]any
	for _, e := range a.Body["data"].([]any) {
		out = append(out, e.(map[string]any))
	}
	return out
}

// Who changed this organisation's IBAN, and when: the log filtered by the entity names
// the admin and says it in words; the IBAN shows to those allowed; other roles are
// refused; another application sees nothing of it.
func TestAuditLogFindsWhoChangedTheIBAN(t *testing.T) {
	w := newWorld(t, identity.Config{})
	admin := auditedOrganization(t, w)
	events := auditEvents(t, w.call("GET", "/v1/admin/audit/events?entity_type=organization&entity_id="+w.orgA, admin, w.appA, nil))
	if len(events) < 3 || events[0]["type"] != "organization.finance_changed.v2" {
		t.Fatalf("newest first, the finance change: %v", events)
	}
	change := events[0]
	actor := change["actor"].(map[string]any)
	if actor["name"] != "F admin" || change["sentence"] != "F admin changed the finance details of organisation Organisatie A" {
		t.Fatalf("who and what: %v, %q", actor, change["sentence"])
	}
	if iban := change["data"].(map[string]any)["iban"]; iban != auditIBAN {
		t.Fatalf("an admin reads the IBAN: %v", iban)
	}
	// The same through the actor filter and the type filter without its version.
	byActor := auditEvents(t, w.call("GET", "/v1/admin/audit/events?type=organization.finance_changed&actor_id="+actor["id"].(string), admin, w.appA, nil))
	if len(byActor) != 1 || byActor[0]["id"] != change["id"] {
		t.Fatalf("by actor and type: %v", byActor)
	}
	// Paging: one at a time, older pages by cursor, no event twice.
	seen := map[string]bool{}
	for cursor, pages := "", 0; ; pages++ {
		a := w.call("GET", "/v1/admin/audit/events?limit=1&entity_type=organization&entity_id="+w.orgA+cursor, admin, w.appA, nil)
		page := auditEvents(t, a)
		for _, e := range page {
			if seen[e["id"].(string)] {
				t.Fatalf("event %s twice", e["id"])
			}
			seen[e["id"].(string)] = true
		}
		before, _ := a.Body["meta"].(map[string]any)["before"].(string)
		if before == "" {
			break
		}
		cursor = "&before=" + before
	}
	if len(seen) != len(events) {
		t.Fatalf("paged %d events, the page of all has %d", len(seen), len(events))
	}
	// A closed time range (its own plan, decision 1611): the same events in the same
	// order, paged by the same cursor; a range before them holds none; B sees none.
	from := url.QueryEscape(time.Now().Add(-time.Hour).UTC().Format(time.RFC3339))
	to := url.QueryEscape(time.Now().Add(time.Hour).UTC().Format(time.RFC3339))
	ranged := "/v1/admin/audit/events?entity_type=organization&entity_id=" + w.orgA + "&from=" + from + "&to=" + to
	inRange := auditEvents(t, w.call("GET", ranged, admin, w.appA, nil))
	if len(inRange) != len(events) {
		t.Fatalf("a closed range: %d events, want %d", len(inRange), len(events))
	}
	for i := range events {
		if inRange[i]["id"] != events[i]["id"] {
			t.Fatalf("a closed range, event %d: %v, want %v", i, inRange[i]["id"], events[i]["id"])
		}
	}
	var ids []any
	for cursor := ""; ; {
		a := w.call("GET", ranged+"&limit=2"+cursor, admin, w.appA, nil)
		for _, e := range auditEvents(t, a) {
			ids = append(ids, e["id"])
		}
		before, _ := a.Body["meta"].(map[string]any)["before"].(string)
		if before == "" {
			break
		}
		cursor = "&before=" + before
	}
	if len(ids) != len(events) || ids[0] != events[0]["id"] || ids[len(ids)-1] != events[len(events)-1]["id"] {
		t.Fatalf("a closed range paged: %v", ids)
	}
	past := url.QueryEscape(time.Now().Add(-48 * time.Hour).UTC().Format(time.RFC3339))
	if got := auditEvents(t, w.call("GET", "/v1/admin/audit/events?from="+past+"&to="+from, admin, w.appA, nil)); len(got) != 0 {
		t.Fatalf("a range before the events: %v", got)
	}
	super0, _ := w.login(w.users["superadmin"], password)
	if got := auditEvents(t, w.call("GET", ranged, super0, w.appB, nil)); len(got) != 0 {
		t.Fatalf("application B's closed range shows A's events: %v", got)
	}
	// Nobody else by default; another application's history is not found.
	for _, role := range []string{"organization", "trainer", "customer"} {
		token, _ := w.login(w.users[role], password)
		if a := w.call("GET", "/v1/admin/audit/entities/organization/"+w.orgA, token, w.appA, nil); a.Status != http.StatusForbidden {
			t.Errorf("%s: %d, want 403", role, a.Status)
		}
	}
	super, _ := w.login(w.users["superadmin"], password)
	if a := w.call("GET", "/v1/admin/audit/entities/organization/"+w.orgA, super, w.appA, nil); a.Status != http.StatusOK {
		t.Fatalf("superadmin in A: %d", a.Status)
	}
	for _, path := range []string{"/entities/organization/" + w.orgA, "/entities/organization/" + w.orgA + "/state",
		"/footprints/" + change["correlation_id"].(string)} {
		if a := w.call("GET", "/v1/admin/audit"+path, super, w.appB, nil); a.Status != http.StatusNotFound {
			t.Errorf("%s from application B: %d, want 404", path, a.Status)
		}
	}
	if got := auditEvents(t, w.call("GET", "/v1/admin/audit/events?entity_id="+w.orgA, super, w.appB, nil)); len(got) != 0 {
		t.Fatalf("application B's log shows A's events: %v", got)
	}
	// Bad input is a clear error.
	if a := w.call("GET", "/v1/admin/audit/events?from=yesterday", admin, w.appA, nil); a.Status != http.StatusUnprocessableEntity {
		t.Errorf("a bad from: %d %v", a.Status, a.Body)
	}
	if a := w.call("GET", "/v1/admin/audit/events?limit=100000", admin, w.appA, nil); a.Status != http.StatusBadRequest {
		t.Errorf("a bad limit: %d", a.Status)
	}
}

// As of any position the state is the domain's fold of the stream up to it; the
// difference of two moments lists exactly the changed fields; the footprint of the
// request holds its events.
func TestAuditStateDiffAndFootprint(t *testing.T) {
	w := newWorld(t, identity.Config{})
	admin := auditedOrganization(t, w)
	ctx := context.Background()
	stream, err := w.env.Store.ReadStream(ctx, organization.Stream(w.orgA), eventstore.Forwards, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var folded []domain.Event
	var changeCorrelation string
	for i, e := range stream {
		payload, err := w.env.Registry.Decode(e.Type, e.Data)
		if err != nil {
			t.Fatal(err)
		}
		if payload, err = w.env.Vault.Open(ctx, payload); err != nil {
			t.Fatal(err)
		}
		folded = append(folded, payload)
		if e.Type == "organization.finance_changed.v2" {
			changeCorrelation = e.Metadata.CorrelationID
		}
		state := w.call("GET", "/v1/admin/audit/entities/organization/"+w.orgA+"/state?position="+e.Position.String(), admin, w.appA, nil)
		if state.Status != http.StatusOK {
			t.Fatalf("state at %s: %d %v", e.Position, state.Status, state.Body)
		}
		want := organization.New(w.orgA)
		for _, p := range folded {
			want.Apply(p)
		}
		got := state.Body["data"].(map[string]any)
		if got["version"] != float64(i) || got["position"] != e.Position.String() {
			t.Fatalf("state at %s: %v", e.Position, got)
		}
		fields := map[string]string{}
		for _, f := range got["fields"].([]any) {
			f := f.(map[string]any)
			fields[f["path"].(string)] = f["value"].(string)
		}
		for _, f := range audit.Fields(want) {
			if fields[f.Path] != f.Value {
				t.Fatalf("state at %s: %s is %q, the fold says %q", e.Position, f.Path, fields[f.Path], f.Value)
			}
		}
		if len(fields) != len(audit.Fields(want)) {
			t.Fatalf("state at %s has %d fields, the fold %d", e.Position, len(fields), len(audit.Fields(want)))
		}
	}
	before := stream[len(stream)-2].Position.String()
	diff := w.call("GET", "/v1/admin/audit/entities/organization/"+w.orgA+"/diff?from="+before, admin, w.appA, nil)
	if diff.Status != http.StatusOK {
		t.Fatalf("diff: %d %v", diff.Status, diff.Body)
	}
	changed := map[string]string{}
	for _, c := range diff.Body["data"].(map[string]any)["changes"].([]any) {
		c := c.(map[string]any)
		changed[c["path"].(string)] = c["before"].(string) + " → " + c["after"].(string)
	}
	want := map[string]string{"Finance.IBAN": " → " + auditIBAN, "Finance.ATTN": " → Penningmeester",
		"Finance.Address": " → Laan 1, Zwolle", "Finance.AccountName": " → Sportclub A"}
	if len(changed) != len(want) {
		t.Fatalf("changes %v, want %v", changed, want)
	}
	for path, c := range want {
		if changed[path] != c {
			t.Fatalf("changes %v, want %v", changed, want)
		}
	}
	if a := w.call("GET", "/v1/admin/audit/entities/organization/"+w.orgA+"/diff?from=last-week", admin, w.appA, nil); a.Status != http.StatusUnprocessableEntity {
		t.Fatalf("a bad moment: %d", a.Status)
	}
	footprint := auditEvents(t, w.call("GET", "/v1/admin/audit/footprints/"+changeCorrelation, admin, w.appA, nil))
	if len(footprint) != 1 || footprint[0]["type"] != "organization.finance_changed.v2" {
		t.Fatalf("footprint: %v", footprint)
	}
}

// Personal values open only for holders of view-audit-personal-data; for an erased
// organisation the history says when and by whom, never the data.
func TestAuditPersonalDataAndErasure(t *testing.T) {
	w := newWorld(t, identity.Config{})
	admin := auditedOrganization(t, w)
	ctx := context.Background()
	// Organisation staff given view-audit (and not the personal one) see the log without the IBAN.
	if _, err := w.env.App.GrantPermission(ctx, commands.Meta{}, domainidentity.Rule{Role: "organization", Permission: "view-audit"}); err != nil {
		t.Fatal(err)
	}
	staff, _ := w.login(w.users["organization"], password)
	w.eventually("the grant holds", func(pgx.Tx) bool {
		return w.call("GET", "/v1/admin/audit/events", staff, w.appA, nil).Status == http.StatusOK
	})
	events := auditEvents(t, w.call("GET", "/v1/admin/audit/events?type=organization.finance_changed", staff, w.appA, nil))
	if iban := events[0]["data"].(map[string]any)["iban"]; iban != audit.Hidden {
		t.Fatalf("without view-audit-personal-data the IBAN shows: %v", iban)
	}
	adminID := ""
	w.eventually("the admin is known", func(tx pgx.Tx) bool {
		return tx.QueryRow(ctx, `SELECT user_id::text FROM readmodel.identity_memberships WHERE role = 'admin'`).Scan(&adminID) == nil
	})
	if _, err := w.env.App.ErasePersonalData(ctx, commands.Meta{ApplicationID: w.appA, ActorID: adminID}, organization.Stream(w.orgA)); err != nil {
		t.Fatal(err)
	}
	var history map[string]any
	w.eventually("the erasure shows", func(pgx.Tx) bool {
		a := w.call("GET", "/v1/admin/audit/entities/organization/"+w.orgA, admin, w.appA, nil)
		history, _ = a.Body["data"].(map[string]any)
		return history != nil && history["erasure"] != nil
	})
	erasure := history["erasure"].(map[string]any)
	if erasure["at"] == "" || erasure["actor"].(map[string]any)["name"] != "F admin" {
		t.Fatalf("erasure: %v", erasure)
	}
	for _, e := range history["events"].([]any) {
		e := e.(map[string]any)
		if e["type"] == "organization.finance_changed.v2" {
			if iban := e["data"].(map[string]any)["iban"]; iban != audit.Erased {
				t.Fatalf("an erased IBAN shows %v", iban)
			}
		}
	}
}

// An export is pinned to a position: the same request gives the same bytes, whose
// SHA-256 is in the answer and in the file's name.
func TestAuditExportIsPinnedAndDigested(t *testing.T) {
	w := newWorld(t, identity.Config{})
	admin := auditedOrganization(t, w)
	get := func(query string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", w.base+"/v1/admin/audit/export?"+query, nil)
		req.Header.Set("Authorization", "Bearer "+admin)
		req.Header.Set("ApplicationId", w.appA)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("export %s: %d %s", query, res.StatusCode, body)
		}
		return res, body
	}
	for _, format := range []string{"csv", "jsonl"} {
		res, body := get("format=" + format + "&entity_type=organization")
		sum := sha256.Sum256(body)
		digest := hex.EncodeToString(sum[:])
		position := res.Header.Get("X-Event-Position")
		if res.Header.Get("X-Content-SHA256") != digest || !strings.Contains(res.Header.Get("Content-Disposition"), digest+"."+format) || position == "" {
			t.Fatalf("%s: digest %s, headers %v", format, digest, res.Header)
		}
		if !strings.Contains(string(body), "organization.finance_changed.v2") {
			t.Fatalf("%s lacks the change:\n%s", format, body)
		}
		// Later events do not change a pinned export.
		later := w.approvedOrganization(w.appA, "Later "+format)
		w.eventually("the later organisation is in the audit log", func(tx pgx.Tx) bool {
			var n int
			_ = tx.QueryRow(context.Background(), `SELECT count(*) FROM readmodel.audit_events WHERE entity_id = $1`, later).Scan(&n)
			return n == 2
		})
		if _, newer := get("format=" + format + "&entity_type=organization"); !strings.Contains(string(newer), later) {
			t.Fatalf("an unpinned export lacks the later organisation")
		}
		_, again := get("format=" + format + "&entity_type=organization&position=" + position)
		if string(again) != string(body) {
			t.Fatalf("%s pinned at %s changed:\n%s\n---\n%s", format, position, body, again)
		}
	}
	req, _ := http.NewRequest("GET", w.base+"/v1/admin/audit/export?format=xml", nil)
	req.Header.Set("Authorization", "Bearer "+admin)
	req.Header.Set("ApplicationId", w.appA)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest {
		t.Fatalf("format=xml: %d", res.StatusCode)
	}
}
