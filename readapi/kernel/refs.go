package kernel

import (
	"errors"
	"move/commands"
	"move/domain"
	"move/domain/booking"
	"net/http"

	"github.com/jackc/pgx/v5"
)

// UserRef names a user: an actor or a customer. The name comes from the personal-data
// store (blank once the person is erased).
type UserRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Ref makes a user reference from a scanned id and name; no id is no reference.
func Ref(id, name *string) *UserRef {
	if id == nil {
		return nil
	}
	r := &UserRef{ID: *id}
	if name != nil {
		r.Name = *name
	}
	return r
}

// PersonName is a person's display name from identity_personal_data (alias a).
func PersonName(a string) string {
	return `trim(coalesce(` + a + `.first_name, '') || ' ' || coalesce(` + a + `.last_name, ''))`
}

func Contains(values []string, v string) bool {
	for _, x := range values {
		if x == v {
			return true
		}
	}
	return false
}

// CheckImageSize refuses an image that is not the tenant's file or is smaller than
// width × height. Without a file service (tests of other routes) it checks nothing.
func (s *Core) CheckImageSize(r *http.Request, field string, token *string, width, height int) error {
	if token == nil || *token == "" || s.Files == nil {
		return nil
	}
	f, err := s.Files.Get(r.Context(), TenantFrom(r.Context()).ApplicationID, *token)
	v := &domain.ValidationError{}
	switch {
	case err != nil:
		v.Add(field, "validation.unknown", nil)
	case f.Width < width || f.Height < height:
		v.Add(field, "files.min_dimensions", map[string]any{"width": width, "height": height})
	}
	return v.OrNil()
}

func FileURL(id *string) *string {
	if id == nil || *id == "" {
		return nil
	}
	u := "/v1/files/" + *id + "/thumbnail"
	return &u
}

// BundlePathID is the path's bundle id for the consumer routes (no organisation scope).
func BundlePathID(r *http.Request) (string, error) { return UUIDParam(r, "id", "bundle") }

// ParticipantInput is a participant as the booking form and the add-participant form send it.
type ParticipantInput struct {
	Participant booking.Participant `json:"participant"`
	Answers     []booking.Answer    `json:"answers,omitempty"`
}

// SessionRef reads the path's session in the tenant (no permission: the consumer's).
func (s *Core) SessionRef(r *http.Request) (commands.SessionRef, error) {
	id, err := UUIDParam(r, "id", "session")
	if err != nil {
		return commands.SessionRef{}, err
	}
	ref := commands.SessionRef{SessionID: id}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		return tx.QueryRow(r.Context(), `SELECT series_id::text, activity_id::text FROM readmodel.sessions WHERE application_id = $1 AND id = $2`,
			TenantFrom(r.Context()).ApplicationID, id).Scan(&ref.SeriesID, &ref.ActivityID)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return ref, &domain.NotFoundError{Kind: "session", ID: id}
	}
	return ref, err
}
