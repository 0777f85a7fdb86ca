package offer_test

import (
	"move/readapi/readapitest"
	"testing"
)

// The contact form picks a trainer contact's user from the organisation's trainers
// (GET /v1/admin/organizations/{id}/trainers) instead of typing an id; a user chosen
// there is accepted, a user of another organisation's is not offered.
func TestOrganizationTrainersForTheContactForm(t *testing.T) {
	w := readapitest.NewOfferWorld(t)
	staff := w.As(w.Users["organization"], w.AppA).En()
	list := staff.Want("GET", "/v1/admin/organizations/"+w.OrgA+"/trainers", nil, 200)
	trainers := readapitest.Rows(list)
	if len(trainers) != 1 || readapitest.Dig(trainers[0], "id") != w.Users["trainer"] || readapitest.Dig(trainers[0], "name") != "Tom Trainer" {
		t.Fatalf("trainers of A1: %s", list.Raw)
	}
	// Another organisation of the application has none of them.
	if other := w.As(w.Admin, w.AppA).Want("GET", "/v1/admin/organizations/"+w.OrgA2+"/trainers", nil, 200); len(readapitest.Rows(other)) != 0 {
		t.Fatalf("A2 offers A1's trainer: %s", other.Raw)
	}
	// The one offered is accepted on a trainer contact.
	staff.Want("POST", "/v1/admin/organizations/"+w.OrgA+"/contacts", map[string]any{"name": "Tom", "email": "", "phone": "",
		"roles": []string{"trainer"}, "trainer_user_id": w.Users["trainer"]}, 201)
	// A trainer (no view-contacts) may not list them; for staff of another application the organisation does not exist.
	w.As(w.Users["trainer"], w.AppA).Want("GET", "/v1/admin/organizations/"+w.OrgA+"/trainers", nil, 403)
	w.As(w.StaffB, w.AppB).Want("GET", "/v1/admin/organizations/"+w.OrgA+"/trainers", nil, 404)
}
