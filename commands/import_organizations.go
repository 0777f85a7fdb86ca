package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/organization"
)

// importNamespace derives import command and organisation ids.
var importNamespace = uuid.MustParse("0b5f3c1e-6d2a-4c8e-9f71-2a4e5d6c7b80")

// ImportID is the command id of importing rows with digest into an application: the
// same file imported again is the same command, and writes nothing.
func ImportID(applicationID, digest string) uuid.UUID {
	return uuid.NewSHA1(importNamespace, []byte(applicationID+"/"+digest))
}

// ImportedOrganizationID is the id of the organisation a row of an import creates.
func ImportedOrganizationID(importID uuid.UUID, line int) string {
	return uuid.NewSHA1(importID, []byte{byte(line >> 24), byte(line >> 16), byte(line >> 8), byte(line)}).String()
}

// ImportResult is where an import landed; Created is how many organisations it made
// (0 when the same file was imported before).
type ImportResult struct {
	Result
	Created int
	IDs     []string
}

// ImportOrganizations creates one pending organisation per row, all in one atomic
// append: every row or none. The command id derives from the rows' digest (see
// ImportID), so importing the same file again finds its first result.
func (a *App) ImportOrganizations(ctx context.Context, meta Meta, digest string, rows []organization.ImportRow) (ImportResult, error) {
	meta.CommandID = ImportID(meta.ApplicationID, digest)
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = ImportedOrganizationID(meta.CommandID, r.Line)
	}
	if len(rows) == 0 {
		return ImportResult{}, nil
	}
	created := 0
	res, err := a.run.execute(ctx, meta, ids[0], func(u *unit) error {
		created = 0
		// The first row's stream tells whether this import already ran.
		first := organization.New(ids[0])
		if err := u.load(organization.Stream(ids[0]), first); err != nil {
			return err
		}
		for i, r := range rows {
			o := first
			if i > 0 {
				// Fresh ids: a stream that exists makes the atomic append fail, and the
				// store answers the first result when these very events are stored.
				o = organization.New(ids[i])
				u.expectNew(organization.Stream(ids[i]))
			}
			_, hash := NewAPISecret() // shown to nobody: rotate to hand one out
			events, err := o.Create(meta.ApplicationID, r.Profile, OrganizationClientID(ids[i]), hash, "import")
			if err != nil {
				return rowError(r.Line, err)
			}
			if err := u.append(organization.Stream(ids[i]), o, events...); err != nil {
				return err
			}
			created++
		}
		return nil
	})
	if err != nil {
		return ImportResult{}, err
	}
	return ImportResult{Result: res, Created: created, IDs: ids}, nil
}

func rowError(line int, err error) error {
	if v, ok := err.(*domain.ValidationError); ok {
		return &organization.ImportError{Rows: []organization.RowError{{Line: line, Fields: v.Fields}}}
	}
	return err
}
