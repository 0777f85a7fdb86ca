package readapi_test

import (
	"testing"
)

// The contact form picks a trainer contact's user from the organisation's trainers
// (GET /v1/admin/organizations/{id}/trainers) instead of typing an id; a user chosen
// there is accepted, a user of another organisation's is not offered.
func TestOrganizationTrainersForTheContactForm(t *testing.T) {
	w := newOfferWorld(t)
	staff := w.as(w.users["organization"], w.appA).en()
	list := staff.want("GET", "/v1/admin/organizations/"+w.orgA+"/trainers", nil, 200)
	trainers := rows(list)
	if len(trainers) != 1 || dig(trainers[0], "id") != w.users["trainer"] || dig(trainers[0], "name") != "Tom Trainer" {
		t.Fatalf("trainers of A1: %s", list.Raw)
	}
	// Another organisation of the application has none of them.
	if other := w.as(w.admin, w.appA).want("GET", "/v1/admin/organizations/"+w.orgA2+"/trainers", nil, 200); len(rows(other)) != 0 {
		t.Fatalf("A2 offers A1's trainer: %s", other.Raw)
	}
	// The one offered is accepted on a trainer contact.
	staff.want("POST", "/v1/admin/organizations/"+w.orgA+"/contacts", map[string]any{"name": "Tom", "email": "", "phone": "",
		"roles": []string{"trainer"}, "trainer_user_id": w.users["trainer"]}, 201)
	// A trainer (no view-contacts) may not list them; for staff of another application the organisation does not exist.
	w.as(w.users["trainer"], w.appA).want("GET", "/v1/admin/organizations/"+w.orgA+"/trainers", nil, 403)
	w.as(w.staffB, w.appB).want("GET", "/v1/admin/organizations/"+w.orgA+"/trainers", nil, 404)
}
