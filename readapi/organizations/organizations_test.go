package organizations_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/xuri/excelize/v2"

	"move/internal/testenv"
	rmactivities "move/projections/activities"
	rmcatalog "move/projections/catalog"
	rmidentity "move/projections/identity"
	rmorg "move/projections/organizations"
	rmproducts "move/projections/products"
	"move/readapi"
	"move/readapi/kernel"
	"move/readapi/readapitest"
)

func newOrganizationServer(t *testing.T) *readapitest.Client {
	t.Helper()
	env := testenv.New(t)
	// validate-sports asks the activities read model which activities use a sport.
	env.RunProjections(t, env.Runner(t, append(rmcatalog.Projectors(), rmorg.Projector(), rmidentity.Projector(), rmactivities.Projector(), rmproducts.Projector())...))
	api, err := readapi.New(kernel.Deps{
		App: env.App, DB: env.DB, Auth: readapitest.RoleAuth{}, Tenants: readapitest.RoleAuth{}, Authz: readapitest.RoleAuth{},
		Log: testenv.Logger(t), Metrics: prometheus.NewRegistry(),
		Ready: func(context.Context) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	return &readapitest.Client{T: t, Base: srv.URL, Role: "superadmin", Lang: "en"}
}

func TestOrganizationReviewFlow(t *testing.T) {
	c := newOrganizationServer(t)
	sport := readapitest.Dig(c.Want(c.Do("POST", "/v1/admin/sports", map[string]any{"name": "Hockey"}), 201).Body, "data", "id").(string)
	created := c.Want(c.Do("POST", "/v1/admin/applications/organizations", map[string]any{
		"name": "HC Utrecht", "kvk": "12345678", "email": "info@hcu.test", "sports": []string{sport},
		"street": "Laan", "house_number": "1", "zipcode": "3511 ab", "city": "Utrecht", "country": "NL"}), 201)
	id := readapitest.Dig(created.Body, "data", "id").(string)
	secret, _ := readapitest.Dig(created.Body, "data", "client_secret").(string)
	if !strings.HasPrefix(secret, "mvs_") || readapitest.Dig(created.Body, "data", "client_id") == "" {
		t.Fatalf("the create answer shows the secret once: %s", created.Raw)
	}
	if strings.Contains(c.Do("GET", "/v1/admin/organizations/"+id, nil).Raw, secret) {
		t.Fatal("the secret is shown again")
	}
	review := c.Want(c.Do("GET", "/v1/admin/applications/organizations?state=pending", nil), 200)
	if readapitest.Total(review) != 1 || readapitest.Names(review)[0] != "HC Utrecht" {
		t.Fatalf("review list: %s", review.Raw)
	}
	c.Want(c.Do("POST", "/v1/admin/organizations/"+id+"/approve", nil), 200)
	approved := c.Want(c.Do("GET", "/v1/admin/applications/organizations?state=approved", nil), 200)
	if readapitest.Total(approved) != 1 || readapitest.Total(c.Do("GET", "/v1/admin/applications/organizations?state=pending", nil)) != 0 {
		t.Fatalf("approved list: %s", approved.Raw)
	}
	again := c.Want(c.Do("POST", "/v1/admin/organizations/"+id+"/approve", nil), 409)
	if readapitest.Dig(again.Body, "errors", "message") != "This organisation has already been approved" {
		t.Fatalf("approve twice: %s", again.Raw)
	}
	c.Want(c.Do("POST", "/v1/admin/organizations/"+id+"/reject", map[string]any{"reason": "late"}), 409)
	one := c.Want(c.Do("GET", "/v1/admin/organizations/"+id, nil), 200)
	if readapitest.Dig(one.Body, "data", "state") != "approved" || readapitest.Dig(one.Body, "data", "zipcode") != "3511 AB" || readapitest.Dig(one.Body, "data", "country") != "nl" {
		t.Fatalf("one: %s", one.Raw)
	}
	// Unlinking a sport asks the activities: this organisation has none, so it passes.
	check := c.Want(c.Do("POST", "/v1/admin/organizations/"+id+"/validate-sports", map[string]any{"sports": []string{}}), 200)
	if len(readapitest.Dig(check.Body, "data", "unlinked").([]any)) != 1 {
		t.Fatalf("validate-sports: %s", check.Raw)
	}
	// A sport outside the catalogue is refused.
	profile := fullProfile("HC Utrecht")
	profile["sports"] = []string{uuid.NewString()}
	bad := c.Want(c.Do("PUT", "/v1/admin/organizations/"+id, profile), 422)
	if readapitest.Dig(bad.Body, "errors", "fields", "sports") == nil {
		t.Fatalf("unknown sport: %s", bad.Raw)
	}
	// Finance: the IBAN passes mod-97.
	wrong := c.Want(c.Do("PUT", "/v1/admin/organizations/"+id+"/finance", map[string]any{"iban": "NL92ABNA0417164300", "account_name": "HC Utrecht", "attn": "", "address": ""}), 422)
	if readapitest.Dig(wrong.Body, "errors", "fields", "iban") != "The IBAN field is not a valid IBAN" {
		t.Fatalf("iban: %s", wrong.Raw)
	}
	c.Want(c.Do("PUT", "/v1/admin/organizations/"+id+"/finance", map[string]any{"iban": "nl91 abna 0417 1643 00", "account_name": "HC Utrecht", "attn": "Penningmeester", "address": ""}), 200)
	fin := c.Want(c.Do("GET", "/v1/admin/organizations/"+id+"/finance", nil), 200)
	if readapitest.Dig(fin.Body, "data", "iban") != "NL91ABNA0417164300" {
		t.Fatalf("finance: %s", fin.Raw)
	}
	rotated := c.Want(c.Do("POST", "/v1/admin/organizations/"+id+"/rotate-secret", nil), 200)
	if s, _ := readapitest.Dig(rotated.Body, "data", "client_secret").(string); s == "" || s == secret {
		t.Fatalf("rotate: %s", rotated.Raw)
	}
	// A second, rejected one; then the statistics.
	other := readapitest.Dig(c.Want(c.Do("POST", "/v1/admin/applications/organizations", map[string]any{"name": "Spam BV"}), 201).Body, "data", "id").(string)
	c.Want(c.Do("POST", "/v1/admin/organizations/"+other+"/reject", map[string]any{"reason": ""}), 422)
	c.Want(c.Do("POST", "/v1/admin/organizations/"+other+"/reject", map[string]any{"reason": "no such club"}), 200)
	c.Want(c.Do("POST", "/v1/admin/organizations/"+other+"/reject", map[string]any{"reason": "again"}), 409)
	stats := c.Want(c.Do("GET", "/v1/admin/application/statistics", nil), 200)
	if readapitest.Dig(stats.Body, "data", "organizations_by_state", "approved") != 1.0 || readapitest.Dig(stats.Body, "data", "organizations_by_state", "rejected") != 1.0 {
		t.Fatalf("statistics: %s", stats.Raw)
	}
	days := readapitest.Dig(stats.Body, "data", "new_organizations_per_day").([]any)
	if len(days) != 30 || readapitest.Dig(days[29], "created") != 2.0 {
		t.Fatalf("per day: %v", days)
	}
	simple := c.Want(c.Do("GET", "/v1/admin/organizations/simple?itemsPerPage=5&search=utr", nil), 200)
	if readapitest.Total(simple) != 1 {
		t.Fatalf("simple: %s", simple.Raw)
	}
	zips := c.Want(c.Do("GET", "/v1/admin/profiles/zipcodes", nil), 200)
	if len(readapitest.Dig(zips.Body, "data", "zipcodes").([]any)) != 1 {
		t.Fatalf("zipcodes: %s", zips.Raw)
	}
	// The zipcode filter of the organisations screen (1651): a postcode or its start,
	// spaces and case ignored; the export and /all take it too; anything else is a 400.
	for query, want := range map[string]int{"3511": 1, "3511ab": 1, "3511%20AB": 1, "35": 1, "3512": 0, "3511-A": 1} {
		if got := readapitest.Total(c.Want(c.Do("GET", "/v1/admin/applications/organizations?zipcode="+query, nil), 200)); got != want {
			t.Errorf("zipcode=%s: %d organisations, want %d", query, got, want)
		}
	}
	if all := c.Want(c.Do("GET", "/v1/admin/applications/organizations/all?zipcode=1011", nil), 200); len(readapitest.Dig(all.Body, "data").([]any)) != 0 {
		t.Fatalf("all by zipcode: %s", all.Raw)
	}
	for _, bad := range []string{"35%25", "3511_", "1234567890ABC", "%20"} {
		c.Want(c.Do("GET", "/v1/admin/applications/organizations?zipcode="+bad, nil), 400)
	}
	c.Want(c.Do("DELETE", "/v1/admin/organizations/"+other, nil), 200)
	c.Want(c.Do("GET", "/v1/admin/organizations/"+other, nil), 404)
}

// fullProfile is a whole organisation profile, as PUT wants it.
func fullProfile(name string) map[string]any {
	return map[string]any{"name": name, "description": "", "type": "", "sports": []string{}, "kvk": "", "logo_id": nil,
		"header_id": nil, "email": "", "phone": "", "website": "", "facebook_url": "", "instagram_url": "", "youtube_url": "",
		"street": "", "house_number": "", "zipcode": "", "city": "", "country": "", "notes": ""}
}

// A PUT replaces the whole profile: one that leaves fields out is refused, naming each,
// and changes nothing (it used to blank every field it did not name).
func TestOrganizationPutWithoutEveryFieldIsRefused(t *testing.T) {
	c := newOrganizationServer(t)
	id := readapitest.Dig(c.Want(c.Do("POST", "/v1/admin/applications/organizations", map[string]any{
		"name": "HC Utrecht", "email": "info@hcu.test", "city": "Utrecht", "country": "NL"}), 201).Body, "data", "id").(string)
	for deadline := time.Now().Add(20 * time.Second); c.Do("GET", "/v1/admin/organizations/"+id, nil).Status != 200 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond) // the read model catches up (the machine may be busy)
	}
	refused := c.Want(c.Do("PUT", "/v1/admin/organizations/"+id, map[string]any{"name": "HC Utrecht 2"}), 422)
	fields, _ := readapitest.Dig(refused.Body, "errors", "fields").(map[string]any)
	for _, f := range []string{"description", "type", "sports", "kvk", "email", "phone", "website", "facebook_url",
		"instagram_url", "youtube_url", "street", "house_number", "zipcode", "city", "country", "notes"} {
		if fields[f] == nil {
			t.Errorf("the refusal does not name the missing %s: %s", f, refused.Raw)
		}
	}
	if fields["name"] != nil || fields["logo_id"] != nil || fields["version"] != nil {
		t.Errorf("the refusal names fields that were sent or may be left out: %s", refused.Raw)
	}
	if fields["email"] != "The email field is required" {
		t.Errorf("email: %v", fields["email"])
	}
	one := c.Want(c.Do("GET", "/v1/admin/organizations/"+id, nil), 200)
	if readapitest.Dig(one.Body, "data", "name") != "HC Utrecht" || readapitest.Dig(one.Body, "data", "email") != "info@hcu.test" || readapitest.Dig(one.Body, "data", "city") != "Utrecht" {
		t.Fatalf("a refused PUT changed the organisation: %s", one.Raw)
	}
	whole := fullProfile("HC Utrecht 2")
	whole["email"], whole["city"], whole["country"] = "info@hcu.test", "Utrecht", "nl"
	c.Want(c.Do("PUT", "/v1/admin/organizations/"+id, whole), 200)
	// Two letters are not enough: the country is an ISO 3166-1 code.
	whole["country"] = "xx"
	if f := readapitest.Dig(c.Want(c.Do("PUT", "/v1/admin/organizations/"+id, whole), 422).Body, "errors", "fields", "country"); f != "The country field must be an ISO 3166-1 country code, e.g. nl" {
		t.Fatalf("country xx: %v", f)
	}
}

func TestOrganizationTenantIsolation(t *testing.T) {
	c := newOrganizationServer(t)
	id := readapitest.Dig(c.Want(c.Do("POST", "/v1/admin/applications/organizations", map[string]any{"name": "Only in A", "zipcode": "1234AB"}), 201).Body, "data", "id").(string)
	c.Want(c.Do("GET", "/v1/admin/organizations/"+id, nil), 200)
	b := uuid.NewString()
	for _, call := range []struct{ method, path string }{
		{"GET", "/v1/admin/organizations/" + id},
		{"GET", "/v1/admin/organizations/" + id + "/finance"},
		{"POST", "/v1/admin/organizations/" + id + "/approve"},
		{"PUT", "/v1/admin/organizations/" + id},
		{"DELETE", "/v1/admin/organizations/" + id},
	} {
		var body any
		if call.method == "PUT" {
			body = map[string]any{"name": "taken over"}
		}
		c.Want(c.Do(call.method, call.path, body, "ApplicationId", b), 404)
	}
	for _, path := range []string{"/v1/admin/applications/organizations", "/v1/admin/organizations/simple"} {
		if n := readapitest.Total(c.Want(c.Do("GET", path, nil, "ApplicationId", b), 200)); n != 0 {
			t.Fatalf("%s in B shows %d of A's organisations", path, n)
		}
	}
	if zips := c.Do("GET", "/v1/admin/profiles/zipcodes", nil, "ApplicationId", b); len(readapitest.Dig(zips.Body, "data", "zipcodes").([]any)) != 0 {
		t.Fatalf("zipcodes leak: %s", zips.Raw)
	}
}

const goodCSV = "name,street,house_number,zipcode,city,country,email,website\n" +
	"Club Een,Laan,1,1111AA,Utrecht,nl,een@club.test,https://een.test\n" +
	"Club Twee,Weg,2,2222BB,Amsterdam,NL,,\n" +
	"Club Drie,Pad,3,3333CC,Delft,be,,\n"

func TestOrganizationImport(t *testing.T) {
	c := newOrganizationServer(t)
	path := "/v1/admin/applications/organizations/import"
	count := func() int {
		return readapitest.Total(c.Want(c.Do("GET", "/v1/admin/applications/organizations", nil), 200))
	}

	broken := "name,street,house_number,zipcode,city,country,email\n" +
		"Fine,Laan,1,1111AA,Utrecht,nl,\n" +
		",Laan,2,1111AA,Utrecht,nl,\n" +
		"Bad,Laan,3,,Utrecht,netherlands,not-an-email\n"
	refused := c.Want(c.UploadCSV(path, broken), 422)
	rows := readapitest.Dig(refused.Body, "errors", "rows").([]any)
	if len(rows) != 2 || readapitest.Dig(rows[0], "line") != 3.0 || readapitest.Dig(rows[0], "fields", "name") == nil || readapitest.Dig(rows[1], "line") != 4.0 || readapitest.Dig(rows[1], "fields", "zipcode") == nil || readapitest.Dig(rows[1], "fields", "country") == nil || readapitest.Dig(rows[1], "fields", "email") == nil {
		t.Fatalf("row errors: %s", refused.Raw)
	}
	c.Want(c.UploadCSV(path, "name,city\nx,y\n"), 422)
	if n := count(); n != 0 {
		t.Fatalf("a refused file wrote %d organisations", n)
	}

	preview := c.Want(c.UploadCSV(path, goodCSV, "dry_run", "true"), 200)
	if readapitest.Dig(preview.Body, "data", "rows") != 3.0 || len(readapitest.Dig(preview.Body, "data", "preview").([]any)) != 3 {
		t.Fatalf("preview: %s", preview.Raw)
	}
	if n := count(); n != 0 {
		t.Fatalf("a dry run wrote %d organisations", n)
	}

	done := c.Want(c.UploadCSV(path, goodCSV), 201)
	if readapitest.Dig(done.Body, "data", "created") != 3.0 || count() != 3 {
		t.Fatalf("import: %s", done.Raw)
	}
	if readapitest.Total(c.Do("GET", "/v1/admin/applications/organizations?state=pending", nil)) != 3 {
		t.Fatal("imported organisations are pending")
	}
	// The same rows again, even saved with a BOM and semicolons: nothing twice.
	resaved := "\ufeff" + strings.ReplaceAll(goodCSV, ",", ";")
	again := c.Want(c.UploadCSV(path, resaved), 200)
	if readapitest.Dig(again.Body, "data", "already_imported") != true || count() != 3 {
		t.Fatalf("re-import: %s (%d)", again.Raw, count())
	}

	quoted := "\ufeffname;street;house_number;zipcode;city;country;notes\r\n" +
		"\"Club; Vier\";Laan;4;4444DD;Utrecht;nl;\"first line\r\nsecond line\"\r\n"
	c.Want(c.UploadCSV(path, quoted), 201)
	list := c.Want(c.Do("GET", "/v1/admin/applications/organizations?search=vier", nil), 200)
	if readapitest.Total(list) != 1 || readapitest.Dig(list.Body["data"].([]any)[0], "notes") != "first line\nsecond line" || readapitest.Names(list)[0] != "Club; Vier" {
		t.Fatalf("quoted: %s", list.Raw)
	}
}

// The export speaks the user's language (headers and states) and keeps cells as typed:
// an xlsx string cell is text, never a formula, so "+31 6…" stays "+31 6…" (it used to
// get an apostrophe in front).
func TestOrganizationExport(t *testing.T) {
	c := newOrganizationServer(t)
	c.Want(c.Do("POST", "/v1/admin/applications/organizations", map[string]any{"name": "=HYPERLINK(\"http://evil\")", "phone": "+31 6 12345678", "notes": "@SUM(A1)"}), 201)
	c.Want(c.Do("POST", "/v1/admin/applications/organizations", map[string]any{"name": "Gewone Club", "city": "-Utrecht"}), 201)
	c.Do("GET", "/v1/admin/applications/organizations", nil) // wait for the read model
	for _, tc := range []struct{ lang, sheet, name, street, state, created string }{
		{"nl", "Organisaties", "Naam", "Straat", "In afwachting", "Aangemaakt op"},
		{"en", "Organizations", "Name", "Street", "Pending", "Created at"},
	} {
		c.Lang = tc.lang
		res := c.Want(c.Do("GET", "/v1/admin/applications/organizations/export", nil), 200)
		if !strings.Contains(res.Header.Get("Content-Disposition"), "organizations.xlsx") || res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("headers %v", res.Header)
		}
		f, err := excelize.OpenReader(strings.NewReader(res.Raw))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows(tc.sheet)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 || rows[0][1] != tc.name || rows[0][2] != "Status" && rows[0][2] != "State" || rows[0][3] != tc.street || rows[0][len(rows[0])-1] != tc.created {
			t.Fatalf("%s header %v", tc.lang, rows[0])
		}
		body := strings.Join(append(rows[1], rows[2]...), "|")
		for _, want := range []string{`|=HYPERLINK("http://evil")|`, "|+31 6 12345678|", "|@SUM(A1)|", "|-Utrecht|", "Gewone Club", "|" + tc.state + "|"} {
			if !strings.Contains("|"+body+"|", want) {
				t.Errorf("export lacks %q: %v", want, rows)
			}
		}
		for row := 2; row <= 3; row++ {
			for col := 1; col <= len(rows[0]); col++ {
				cell, _ := excelize.CoordinatesToCellName(col, row)
				if formula, _ := f.GetCellFormula(tc.sheet, cell); formula != "" {
					t.Errorf("%s holds a formula: %q", cell, formula)
				}
			}
		}
	}
	if c.Do("GET", "/v1/admin/applications/organizations/export?state=nope", nil).Status != http.StatusBadRequest {
		t.Fatal("a bad state filter is a 400")
	}
}

func TestOrganizationKeysetPaging(t *testing.T) {
	c := newOrganizationServer(t)
	for _, n := range []string{"Club C", "Club A", "Club B"} {
		c.Want(c.Do("POST", "/v1/admin/applications/organizations", map[string]any{"name": n}), 201)
	}
	first := c.Want(c.Do("GET", "/v1/admin/applications/organizations?itemsPerPage=2", nil), 200)
	cursor, _ := readapitest.Dig(first.Body, "meta", "pagination", "next_cursor").(string)
	if cursor == "" || strings.Join(readapitest.Names(first), ",") != "Club A,Club B" {
		t.Fatalf("first page: %s", first.Raw)
	}
	second := c.Want(c.Do("GET", "/v1/admin/applications/organizations?itemsPerPage=2&after="+cursor, nil), 200)
	if strings.Join(readapitest.Names(second), ",") != "Club C" || readapitest.Dig(second.Body, "meta", "pagination", "next_cursor") != nil || readapitest.Total(second) != 3 {
		t.Fatalf("after the cursor: %s", second.Raw)
	}
	desc := c.Want(c.Do("GET", "/v1/admin/applications/organizations?itemsPerPage=1&sort=-created_at", nil), 200)
	dc := readapitest.Dig(desc.Body, "meta", "pagination", "next_cursor").(string)
	if got := readapitest.Names(c.Want(c.Do("GET", "/v1/admin/applications/organizations?itemsPerPage=2&sort=-created_at&after="+dc, nil), 200)); strings.Join(got, ",") != "Club A,Club C" {
		t.Fatalf("newest first after the cursor: %v", got)
	}
	search := c.Want(c.Do("GET", "/v1/admin/applications/organizations?search=club+b", nil), 200)
	if strings.Join(readapitest.Names(search), ",") != "Club B" {
		t.Fatalf("search: %s", search.Raw)
	}
	c.Want(c.Do("GET", "/v1/admin/applications/organizations?after=garbage", nil), 400)
	c.Want(c.Do("GET", "/v1/admin/applications/organizations?sort=city&after="+cursor, nil), 400)
}
