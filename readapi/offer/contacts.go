package offer

import (
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain/contact"
	"move/domain/identity"
	rmcontacts "move/projections/contacts"
	rmidentity "move/projections/identity"
	"move/readapi/kernel"
)

// Permissions of the contacts (decision 0602).
const (
	PermViewContacts   = "view-contacts"
	PermManageContacts = "manage-contacts"
)

type contactRow struct {
	ID             string   `json:"id"`
	OrganizationID string   `json:"organization_id"`
	Name           string   `json:"name"`
	Email          string   `json:"email"`
	Phone          string   `json:"phone"`
	Roles          []string `json:"roles"`
	TrainerUserID  *string  `json:"trainer_user_id"`
	Version        uint64   `json:"version"`
	CreatedAt      string   `json:"created_at"`
	UpdatedAt      string   `json:"updated_at"`
}

const contactColumns = `id::text, organization_id::text, name, email, phone, roles, trainer_user_id::text, version, created_at, updated_at`

func scanContact(row pgx.Row) (contactRow, error) {
	var o contactRow
	var version int64
	var created, updated time.Time
	err := row.Scan(&o.ID, &o.OrganizationID, &o.Name, &o.Email, &o.Phone, &o.Roles, &o.TrainerUserID, &version, &created, &updated)
	o.Version, o.CreatedAt, o.UpdatedAt = uint64(version), kernel.Stamp(created), kernel.Stamp(updated)
	return o, err
}

type contactInput struct {
	Name          string   `json:"name"`
	Email         string   `json:"email"`
	Phone         string   `json:"phone"`
	Roles         []string `json:"roles"`
	TrainerUserID *string  `json:"trainer_user_id"`
	Version       *uint64  `json:"version"`
}

// contactCreateInput is the body of create: e-mail and phone may be left out. The same
// fields as contactInput (whose PUT names every field), so one converts to the other.
type contactCreateInput struct {
	Name          string   `json:"name"`
	Email         string   `json:"email,omitempty"`
	Phone         string   `json:"phone,omitempty"`
	Roles         []string `json:"roles"`
	TrainerUserID *string  `json:"trainer_user_id"`
	Version       *uint64  `json:"version"`
}

func (in contactInput) fields() contact.Fields {
	return contact.Fields{Name: in.Name, Email: in.Email, Phone: in.Phone, Roles: in.Roles, TrainerUserID: in.TrainerUserID}
}

func (s *Handlers) ContactRoutes() []kernel.Route {
	reads := []string{rmcontacts.Name}
	orgContacts := "/v1/admin/organizations/{id}/contacts"
	item := "/v1/admin/contacts/{contact_id}"
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: orgContacts, Permission: PermViewContacts, Reads: reads, Handler: s.listContacts,
			Doc: kernel.Doc{Summary: "The organisation's contacts (name, e-mail, phone, roles), 250 a page", Response: kernel.ListAnswer[contactRow]{}, Query: kernel.ListQueryDoc}},
		{Method: http.MethodPost, Pattern: orgContacts, Permission: PermManageContacts, Handler: s.createContact,
			Doc: kernel.Doc{Summary: "Add a contact: at least one role of mail, contact_person, trainer; a trainer may link a trainer user", Request: contactCreateInput{}, Response: kernel.CommandAnswer{}, Status: http.StatusCreated}},
		{Method: http.MethodGet, Pattern: item, Permission: PermViewContacts, Reads: reads, Handler: s.getContact,
			Doc: kernel.Doc{Summary: "One contact", Response: kernel.DataAnswer[contactRow]{}}},
		{Method: http.MethodPut, Pattern: item, Permission: PermManageContacts, Reads: reads, Handler: s.updateContact,
			Doc: kernel.Doc{Summary: "Change a contact", Request: contactInput{}, Response: kernel.CommandAnswer{}}},
		{Method: http.MethodDelete, Pattern: item, Permission: PermManageContacts, Reads: reads, Handler: s.deleteContact,
			Doc: kernel.Doc{Summary: "Delete a contact and erase its personal data", Response: kernel.CommandAnswer{}, Query: []string{"version"}}},
		{Method: http.MethodGet, Pattern: "/v1/admin/organizations/{id}/trainers", Permission: PermViewContacts, Reads: []string{rmidentity.Name}, Handler: s.listTrainers,
			Doc: kernel.Doc{Summary: "The users holding the trainer role in the organisation (id and name, by name, at most 1,000): the choices of a trainer contact's user", Response: kernel.DataAnswer[[]trainerChoice]{}}},
	}
}

// trainerChoice is a user who may be linked to a trainer contact (decision 0602).
type trainerChoice struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// listTrainers answers the organisation's trainers, the only users a trainer contact may
// name (commands' checkTrainer), so the contact form picks instead of typing an id.
func (s *Handlers) listTrainers(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, PermViewContacts)
	if err != nil {
		return err
	}
	var out []trainerChoice
	err = s.InTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(r.Context(), `
			SELECT m.user_id::text, `+kernel.PersonName("p")+` AS name
			  FROM readmodel.identity_memberships m LEFT JOIN identity_personal_data p ON p.subject_id = m.user_id
			 WHERE m.application_id = $1 AND m.organization_id = $2 AND m.role = $3
			 ORDER BY name, m.user_id LIMIT 1000`, kernel.TenantFrom(r.Context()).ApplicationID, org, identity.RoleTrainer)
		if err != nil {
			return err
		}
		out, err = kernel.Collect(rows, func(row pgx.Row) (trainerChoice, error) {
			var c trainerChoice
			return c, row.Scan(&c.ID, &c.Name)
		})
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]trainerChoice]{Data: out})
	return nil
}

func (s *Handlers) listContacts(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, PermViewContacts)
	if err != nil {
		return err
	}
	q, err := offerListQuery(r)
	if err != nil {
		return err
	}
	where, args := kernel.SearchWhere(q, "", `application_id = $1 AND organization_id = $2`, []any{kernel.TenantFrom(r.Context()).ApplicationID, org})
	return writeOfferPage(s, w, r, q, contactColumns, ` FROM readmodel.contacts`, "", where, args, scanContact)
}

// contactInReach reads the path's contact when the caller holds permission in its
// organisation; else it is not found.
func (s *Handlers) contactInReach(r *http.Request, permission string) (contactRow, error) {
	return offerItem(s, r, permission, "contact_id", "contact", `SELECT `+contactColumns+` FROM readmodel.contacts WHERE application_id = $1 AND id = $2`, scanContact, func(o contactRow) string { return o.OrganizationID })
}

func (s *Handlers) getContact(w http.ResponseWriter, r *http.Request) error {
	o, err := s.contactInReach(r, PermViewContacts)
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[contactRow]{Data: o})
	return nil
}

func (s *Handlers) createContact(w http.ResponseWriter, r *http.Request) error {
	org, err := s.ExistingOrganizationInScope(r, PermManageContacts)
	if err != nil {
		return err
	}
	var created contactCreateInput
	if err := kernel.Decode(r, w, &created); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.CreateContact(r.Context(), m, org, contactInput(created).fields())
	return s.AnswerCommand(w, "create_contact", http.StatusCreated, res, err)
}

func (s *Handlers) updateContact(w http.ResponseWriter, r *http.Request) error {
	o, err := s.contactInReach(r, PermManageContacts)
	if err != nil {
		return err
	}
	var in contactInput
	if err := kernel.Decode(r, w, &in); err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.UpdateContact(r.Context(), m, o.ID, in.Version, in.fields())
	return s.AnswerCommand(w, "update_contact", http.StatusOK, res, err)
}

func (s *Handlers) deleteContact(w http.ResponseWriter, r *http.Request) error {
	o, err := s.contactInReach(r, PermManageContacts)
	if err != nil {
		return err
	}
	expected, err := kernel.VersionQuery(r)
	if err != nil {
		return err
	}
	m, err := kernel.Meta(r)
	if err != nil {
		return err
	}
	res, err := s.App.DeleteContact(r.Context(), m, o.ID, expected)
	return s.AnswerCommand(w, "delete_contact", http.StatusOK, res, err)
}
