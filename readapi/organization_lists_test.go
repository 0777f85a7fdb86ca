package readapi_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"move/readapi/readapitest"
)

// An organisation's lists (activities, products, finances, invoices) answer 404 for an
// organisation that is not in the request's application — another application's, or
// none at all — as its other routes do; not an empty 200.
func TestOrganisationListsOfAnotherOrNoOrganisationAreNotFound(t *testing.T) {
	w := newBoundaryWorld(t)
	w.server.ReadWait = 30 * time.Second // the application B made here is waited for; the build machine lags
	own := w.ids["/v1/admin/organizations/"]
	appA := w.app
	created := w.send("POST", "/v1/admin/applications", []byte(`{"name":"App B","slug":"app-b","timezone":"Europe/Amsterdam"}`), "application/json")
	if created.Status != http.StatusCreated {
		t.Fatalf("application B: %s", created.Raw)
	}
	w.app = readapitest.Dig(created.Body, "data", "id").(string)
	inB := w.send("POST", "/v1/admin/applications/organizations", []byte(`{"name":"Club B"}`), "application/json")
	if inB.Status != http.StatusCreated {
		t.Fatalf("organisation in B: %s", inB.Raw)
	}
	theirs := readapitest.Dig(inB.Body, "data", "id").(string)
	w.app = appA
	for _, list := range []string{"/activities", "/activities/all", "/products", "/finances", "/finances/orders?month=2026-01", "/invoices"} {
		if r := w.send("GET", "/v1/admin/organizations/"+own+list, nil, ""); r.Status != http.StatusOK {
			t.Errorf("%s of the application's organisation: %d %s", list, r.Status, r.Raw)
		}
		for name, org := range map[string]string{"another application's": theirs, "no": uuid.NewString()} {
			if r := w.send("GET", "/v1/admin/organizations/"+org+list, nil, ""); r.Status != http.StatusNotFound {
				t.Errorf("%s of %s organisation: %d %s", list, name, r.Status, r.Raw)
			}
		}
	}
}
