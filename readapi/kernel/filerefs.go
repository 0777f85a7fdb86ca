package kernel

import (
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"

	"move/domain"
)

// FileRef is a form field that names an uploaded image by its token.
type FileRef struct {
	Field string
	Token *string
	// Rule, when set, is what the image must be for this use (imagerules.go).
	Rule *ImageRule
	// Was is the stored reference of an update: an unchanged image is not checked
	// against the rule again, so an image saved before the rule existed does not block
	// saving the record's other fields (decision 1650).
	Was *string
}

// fileToken is a reference as the files table keys it: 32 hex digits. Some read models
// store the token as a uuid (with dashes, e.g. activities and categories): the same file.
func fileToken(t *string) string {
	if t == nil {
		return ""
	}
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(*t)), "-", "")
}

func (ref FileRef) token() string { return fileToken(ref.Token) }

func (ref FileRef) changed() bool {
	return ref.Was == nil || fileToken(ref.Was) != ref.token()
}

// Who may be referenced (0534).
const (
	// OwnFiles: records of one application (organisations, wallets) show public files
	// of that application.
	OwnFiles = false
	// AnyPublicFile: platform-wide records (the catalogue, applications) are a
	// superadmin's, edited from whichever application they are in: any public file.
	AnyPublicFile = true
)

// CheckFileRefs refuses references to a file that does not exist, is private, or —
// for ownFiles — belongs to another application: 422 naming each such field. The
// images are shown through the public file route, so only public files can be shown.
// A reference with a Rule that changed must meet it: 422 on its field, in the user's
// language, naming the size or type it needs.
func (s *Core) CheckFileRefs(r *http.Request, platformWide bool, refs ...FileRef) error {
	var tokens []string
	for _, ref := range refs {
		if ref.token() != "" {
			tokens = append(tokens, ref.token())
		}
	}
	if len(tokens) == 0 {
		return nil
	}
	ctx := r.Context()
	found := map[string]storedImage{}
	collect := func(rows pgx.Rows, err error) error {
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			var f storedImage
			if err := rows.Scan(&id, &f.Width, &f.Height, &f.MimeType, &f.Size); err != nil {
				return err
			}
			found[id] = f
		}
		return rows.Err()
	}
	var err error
	if platformWide {
		// A platform route may be called without an application (0501): no tenant here.
		err = s.readPublicFiles(r, func(tx pgx.Tx) error {
			return collect(tx.Query(ctx, `SELECT id, width, height, mime_type, size FROM files WHERE id = ANY($1) AND visibility = 'public'`, tokens))
		})
	} else {
		err = s.InTenant(r, func(tx pgx.Tx) error {
			return collect(tx.Query(ctx, `SELECT id, width, height, mime_type, size FROM files WHERE id = ANY($1) AND visibility = 'public' AND application_id = $2::uuid`,
				tokens, TenantFrom(ctx).ApplicationID))
		})
	}
	if err != nil {
		return err
	}
	key := "validation.file_reference"
	if platformWide {
		key = "validation.public_file_reference"
	}
	var v domain.ValidationError
	for _, ref := range refs {
		if ref.token() == "" {
			continue
		}
		f, ok := found[ref.token()]
		switch {
		case !ok:
			v.Add(ref.Field, key, nil)
		case ref.Rule != nil && ref.changed():
			ref.Rule.check(&v, ref.Field, f)
		}
	}
	return v.OrNil()
}

// readPublicFiles reads as move_reader without a tenant, with every application's public
// files visible (policy files_public_read of migration 0010, for this transaction only).
func (s *Core) readPublicFiles(r *http.Request, fn func(pgx.Tx) error) error {
	ctx := r.Context()
	return pgx.BeginTxFunc(ctx, s.DB, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL ROLE move_reader`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT set_config('move.public_files', 'on', true)`); err != nil {
			return err
		}
		return fn(tx)
	})
}
