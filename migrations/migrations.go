// Package migrations holds the numbered SQL migrations, embedded in the binary.
// A landed migration is never edited: add the next number instead.
package migrations

import (
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"

	"github.com/golang-migrate/migrate/v4"
	migratepgx "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
)

//go:embed *.sql
var files embed.FS

// Up applies every migration not yet applied to the database at dsn.
func Up(dsn string) error {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	drv, err := migratepgx.WithInstance(db, &migratepgx.Config{})
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	src, err := iofs.New(files, ".")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	m, err := migrate.NewWithInstance("iofs", src, "pgx5", drv)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	// Closing releases the connection the driver holds (closing db alone leaves it open).
	defer m.Close()
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// Fingerprint names this set of migrations: a digest of every file's name and text.
// Tests key their migrated template database by it, so a changed or added migration
// builds a new template.
func Fingerprint() string {
	names, err := fs.Glob(files, "*.sql")
	if err != nil {
		panic(err) // the pattern is constant
	}
	h := sha256.New()
	for _, name := range names { // Glob answers them sorted
		text, err := files.ReadFile(name)
		if err != nil {
			panic(err) // embedded: always readable
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(text))
		h.Write(text)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
