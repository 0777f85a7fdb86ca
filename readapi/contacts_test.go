package readapi_test

import (
	"context"
	"testing"

	domainidentity "move/domain/identity"
)

func TestContacts(t *testing.T) {
	w := newOfferWorld(t)
	staff := w.as(w.users["organization"], w.appA).en()
	base := "/v1/admin/organizations/" + w.orgA + "/contacts"

	// Every contact needs a role (spec §5); a trainer user must be a trainer of the organisation.
	if got := field(staff.want("POST", base, map[string]any{"name": "Ria", "roles": []string{}}, 422), "roles"); got != "Choose at least one role: mail, contact person or trainer" {
		t.Fatalf("no role: %q", got)
	}
	if got := field(staff.want("POST", base, map[string]any{"name": "Ria", "roles": []string{"trainer"}, "trainer_user_id": w.admin}, 422), "trainer_user_id"); got != "This user is not a trainer of this organisation" {
		t.Fatalf("not a trainer: %q", got)
	}
	otherTrainer := w.user("Tina", "Elders", &domainidentity.Grant{Role: domainidentity.RoleTrainer, ApplicationID: w.appA, OrganizationID: w.orgA2})
	staff.want("POST", base, map[string]any{"name": "Tina", "roles": []string{"trainer"}, "trainer_user_id": otherTrainer}, 422)

	id := dig(staff.want("POST", base, map[string]any{"name": "Ria de Vries", "email": "ria@example.org", "phone": "+31 6 1234 5678",
		"roles": []string{"trainer", "mail"}, "trainer_user_id": w.users["trainer"]}, 201).Body, "data", "id").(string)
	w.settle()
	list := staff.want("GET", base, nil, 200)
	if total(list) != 1 || dig(rows(list)[0], "email") != "ria@example.org" || len(dig(rows(list)[0], "roles").([]any)) != 2 {
		t.Fatalf("list: %s", list.Raw)
	}
	// The log holds the personal fields sealed, never in plain text.
	var plain int
	if err := w.env.DB.QueryRow(context.Background(), `SELECT count(*) FROM eventstore_events WHERE stream = $1 AND data::text LIKE '%ria@example.org%'`,
		"contact-"+id).Scan(&plain); err != nil || plain != 0 {
		t.Fatalf("plain personal data in the log: %d (%v)", plain, err)
	}

	// A location names the organisation's contacts only.
	loc := locationBody("Hal")
	loc["contacts"] = []string{id}
	staff.want("POST", "/v1/admin/organizations/"+w.orgA+"/locations", loc, 201)
	staff.want("POST", "/v1/admin/organizations/"+w.orgA2+"/contacts", map[string]any{"name": "X", "roles": []string{"mail"}}, 404)
	w.as(w.staffB, w.appB).want("GET", "/v1/admin/contacts/"+id, nil, 404)
	w.as(w.users["trainer"], w.appA).want("GET", base, nil, 403)

	// Deleting a contact erases its personal data.
	staff.want("DELETE", "/v1/admin/contacts/"+id, nil, 200)
	w.settle()
	staff.want("GET", "/v1/admin/contacts/"+id, nil, 404)
	var key int
	if err := w.env.DB.QueryRow(context.Background(), `SELECT count(*) FROM personal_data_keys WHERE subject = $1`, "contact-"+id).Scan(&key); err != nil || key != 0 {
		t.Fatalf("the contact's key after delete: %d (%v)", key, err)
	}
}
