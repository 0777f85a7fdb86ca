package personal

import (
	"context"
	"crypto/cipher"
	"crypto/rand"
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"move/domain"
)

// Vault keeps the subjects' keys (table personal_data_keys, migration 0070), each
// wrapped with the server's secret. Keys are read for every use, never cached: a key
// erased on one server is gone on every server at once.
type Vault struct {
	db     *pgxpool.Pool
	secret *Secret
}

// NewVault is the vault on db.
func NewVault(db *pgxpool.Pool, secret *Secret) (*Vault, error) {
	if db == nil || secret == nil {
		return nil, errors.New("personal: database and secret are required")
	}
	return &Vault{db: db, secret: secret}, nil
}

// Name is the keyed digest of a personal value (see Secret.Name).
func (v *Vault) Name(value string) []byte { return v.secret.Name(value) }

// Seal answers a copy of e whose personal fields are sealed with their subjects' keys,
// creating a key for a subject that has none. The key is written before the event is
// appended: a command that then fails leaves only a key, which names no one.
func (v *Vault) Seal(ctx context.Context, stream string, e domain.Event) (domain.Event, error) {
	sealed, err := v.SealAll(ctx, []string{stream}, []domain.Event{e})
	if err != nil {
		return nil, err
	}
	return sealed[0], nil
}

// SealAll is Seal for a command's events (events[i] goes to streams[i]): the keys of
// every subject in them are read, and the missing ones created, in one query.
func (v *Vault) SealAll(ctx context.Context, streams []string, events []domain.Event) ([]domain.Event, error) {
	out := make([]domain.Event, len(events))
	copies := make([]reflect.Value, len(events))
	subjects := map[string]bool{}
	for i, e := range events {
		out[i] = e
		if e == nil || !hasPersonalFields(reflect.TypeOf(e)) {
			continue
		}
		copies[i] = reflect.New(reflect.TypeOf(e)).Elem()
		copies[i].Set(reflect.ValueOf(e))
		_ = walk(copies[i], streams[i], func(field reflect.Value, subject string) error {
			if field.String() != "" {
				subjects[subject] = true
			}
			return nil
		})
	}
	if len(subjects) == 0 {
		return out, nil
	}
	keys, err := v.keysFor(ctx, subjects)
	if err != nil {
		return nil, err
	}
	return sealWith(keys, streams, events)
}

// sealWith answers copies of events whose personal fields are sealed with keys (one
// for every subject in them).
func sealWith(keys map[string]cipher.AEAD, streams []string, events []domain.Event) ([]domain.Event, error) {
	out := make([]domain.Event, len(events))
	copies := make([]reflect.Value, len(events))
	for i, e := range events {
		out[i] = e
		if e == nil || !hasPersonalFields(reflect.TypeOf(e)) {
			continue
		}
		copies[i] = reflect.New(reflect.TypeOf(e)).Elem()
		copies[i].Set(reflect.ValueOf(e))
	}
	for i, cp := range copies {
		if !cp.IsValid() {
			continue
		}
		err := walk(cp, streams[i], func(field reflect.Value, subject string) error {
			if plain := field.String(); plain != "" {
				key := keys[subject]
				nonce := make([]byte, key.NonceSize())
				if _, err := rand.Read(nonce); err != nil {
					return err
				}
				field.SetString(seal(key, nonce, subject, plain))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		out[i] = cp.Interface().(domain.Event)
	}
	return out, nil
}

// FreshKeys are keys SealFresh made for subjects it took to have none: the statement
// that stores them must run in the same transaction as the events they seal.
type FreshKeys struct {
	subjects []string
	wrapped  [][]byte
}

// Insert is the statement storing the keys. It fails (unique violation) when any
// subject has a key after all, so the transaction writes neither the keys nor the
// events sealed with them; the caller then seals with SealAll.
func (k FreshKeys) Insert() (string, []any) {
	return `INSERT INTO personal_data_keys (subject, wrapped_key) SELECT * FROM unnest($1::text[], $2::bytea[])`,
		[]any{k.subjects, k.wrapped}
}

// Empty tells whether no key was made (the events hold no personal value).
func (k FreshKeys) Empty() bool { return len(k.subjects) == 0 }

// Uses tells whether the vault keeps its keys through db: statements of FreshKeys may
// then run in a transaction of db.
func (v *Vault) Uses(db *pgxpool.Pool) bool { return v.db == db }

// SealFresh is SealAll without a round trip, for subjects that are new with the
// command (a booking's participant, keyed by the booking's own id): a key is made here
// for every subject, and the caller stores them (FreshKeys.Insert) in the transaction
// that appends the events.
func (v *Vault) SealFresh(streams []string, events []domain.Event) ([]domain.Event, FreshKeys, error) {
	var fresh FreshKeys
	subjects := map[string]bool{}
	for i, e := range events {
		if e == nil || !hasPersonalFields(reflect.TypeOf(e)) {
			continue
		}
		cp := reflect.New(reflect.TypeOf(e)).Elem()
		cp.Set(reflect.ValueOf(e))
		_ = walk(cp, streams[i], func(field reflect.Value, subject string) error {
			if field.String() != "" {
				subjects[subject] = true
			}
			return nil
		})
	}
	keys := map[string]cipher.AEAD{}
	for subject := range subjects {
		raw := make([]byte, 32)
		nonce := make([]byte, v.secret.wrap.NonceSize())
		if _, err := rand.Read(raw); err != nil {
			return nil, fresh, err
		}
		if _, err := rand.Read(nonce); err != nil {
			return nil, fresh, err
		}
		key, err := newAEAD(raw)
		if err != nil {
			return nil, fresh, err
		}
		keys[subject] = key
		fresh.subjects = append(fresh.subjects, subject)
		fresh.wrapped = append(fresh.wrapped, v.secret.wrap.Seal(nonce, nonce, raw, []byte(subject)))
	}
	sealed, err := sealWith(keys, streams, events)
	return sealed, fresh, err
}

// Open answers a copy of e whose sealed fields hold their plain values; the value of an
// erased subject is "". A value stored before sealing existed (a plain one) stays as it is.
func (v *Vault) Open(ctx context.Context, e domain.Event) (domain.Event, error) {
	return v.open(ctx, e, map[string]cipher.AEAD{})
}

// OpenAll is Open for a batch of events (a projector's delivery or rebuild batch): the
// keys of every subject in it are read in one query.
func (v *Vault) OpenAll(ctx context.Context, events []domain.Event) ([]domain.Event, error) {
	subjects := map[string]bool{}
	for _, e := range events {
		if e == nil || !hasPersonalFields(reflect.TypeOf(e)) {
			continue
		}
		cp := reflect.New(reflect.TypeOf(e)).Elem()
		cp.Set(reflect.ValueOf(e))
		_ = walk(cp, "", func(field reflect.Value, _ string) error {
			if subject, _, ok := sealedSubject(field.String()); ok {
				subjects[subject] = true
			}
			return nil
		})
	}
	keys := map[string]cipher.AEAD{}
	if len(subjects) > 0 {
		names := make([]string, 0, len(subjects))
		for s := range subjects {
			names = append(names, s)
		}
		if err := v.readKeys(ctx, names, keys); err != nil {
			return nil, err
		}
	}
	out := make([]domain.Event, len(events))
	for i, e := range events {
		var err error
		if out[i], err = v.open(ctx, e, keys); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// open opens e with the keys known (nil: erased), reading the others.
func (v *Vault) open(ctx context.Context, e domain.Event, keys map[string]cipher.AEAD) (domain.Event, error) {
	if e == nil || !hasPersonalFields(reflect.TypeOf(e)) {
		return e, nil
	}
	cp := reflect.New(reflect.TypeOf(e)).Elem()
	cp.Set(reflect.ValueOf(e))
	err := walk(cp, "", func(field reflect.Value, _ string) error {
		subject, payload, ok := sealedSubject(field.String())
		if !ok {
			return nil
		}
		key, known := keys[subject]
		if !known {
			var err error
			if key, err = v.existingKey(ctx, subject); err != nil {
				return err
			}
			keys[subject] = key
		}
		plain := ""
		if key != nil {
			plain, _ = open(key, subject, payload)
		}
		field.SetString(plain)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return cp.Interface().(domain.Event), nil
}

// Erase deletes the subject's key: every value sealed with it is unreadable from now on.
// It answers whether there was a key. The caller records Erased (see
// commands.App.ErasePersonalData).
func (v *Vault) Erase(ctx context.Context, subject string) (bool, error) {
	tag, err := v.db.Exec(ctx, `DELETE FROM personal_data_keys WHERE subject = $1`, subject)
	return tag.RowsAffected() > 0, err
}

// keysFor answers the subjects' keys, creating those that have none. Two creators race
// harmlessly: the first insert wins and both read it.
func (v *Vault) keysFor(ctx context.Context, subjects map[string]bool) (map[string]cipher.AEAD, error) {
	keys := map[string]cipher.AEAD{}
	for range 3 {
		var names []string
		var wrapped [][]byte
		for subject := range subjects {
			if keys[subject] != nil {
				continue
			}
			raw := make([]byte, 32)
			nonce := make([]byte, v.secret.wrap.NonceSize())
			if _, err := rand.Read(raw); err != nil {
				return nil, err
			}
			if _, err := rand.Read(nonce); err != nil {
				return nil, err
			}
			names = append(names, subject)
			wrapped = append(wrapped, v.secret.wrap.Seal(nonce, nonce, raw, []byte(subject)))
		}
		if len(names) == 0 {
			return keys, nil
		}
		// One round trip: the keys inserted now, and those that were there before. A key
		// another writer inserted while this statement ran is in neither (the statement's
		// snapshot predates it), nor is one erased meanwhile: the next pass reads or makes
		// them.
		rows, err := v.db.Query(ctx, `
			WITH inserted AS (
				INSERT INTO personal_data_keys (subject, wrapped_key) SELECT * FROM unnest($1::text[], $2::bytea[])
				ON CONFLICT (subject) DO NOTHING RETURNING subject, wrapped_key)
			SELECT subject, wrapped_key FROM inserted
			UNION ALL
			SELECT subject, wrapped_key FROM personal_data_keys
			WHERE subject = ANY($1) AND subject NOT IN (SELECT subject FROM inserted)`, names, wrapped)
		if err != nil {
			return nil, err
		}
		if err := v.scanKeys(rows, keys); err != nil {
			return nil, err
		}
	}
	return nil, errors.New("personal: a subject's key keeps being erased while it is written")
}

// readKeys adds the subjects' keys to keys; a subject without one gets nil (erased).
func (v *Vault) readKeys(ctx context.Context, subjects []string, keys map[string]cipher.AEAD) error {
	for _, s := range subjects {
		keys[s] = nil
	}
	rows, err := v.db.Query(ctx, `SELECT subject, wrapped_key FROM personal_data_keys WHERE subject = ANY($1)`, subjects)
	if err != nil {
		return err
	}
	return v.scanKeys(rows, keys)
}

// scanKeys adds the keys of rows (subject, wrapped_key) to keys.
func (v *Vault) scanKeys(rows pgx.Rows, keys map[string]cipher.AEAD) error {
	defer rows.Close()
	for rows.Next() {
		var subject string
		var wrapped []byte
		if err := rows.Scan(&subject, &wrapped); err != nil {
			return err
		}
		var err error
		if keys[subject], err = v.unwrap(subject, wrapped); err != nil {
			return err
		}
	}
	return rows.Err()
}

// existingKey answers the subject's key, or nil when it has none (erased). A key that
// the secret cannot unwrap is an error, not an erasure: the server runs with the wrong
// PERSONAL_DATA_KEY.
func (v *Vault) existingKey(ctx context.Context, subject string) (cipher.AEAD, error) {
	keys := map[string]cipher.AEAD{}
	if err := v.readKeys(ctx, []string{subject}, keys); err != nil {
		return nil, err
	}
	return keys[subject], nil
}

func (v *Vault) unwrap(subject string, wrapped []byte) (cipher.AEAD, error) {
	n := v.secret.wrap.NonceSize()
	if len(wrapped) < n {
		return nil, fmt.Errorf("personal: key of %s is damaged", subject)
	}
	raw, err := v.secret.wrap.Open(nil, wrapped[:n], wrapped[n:], []byte(subject))
	if err != nil {
		return nil, fmt.Errorf("personal: the key of %s does not open with this PERSONAL_DATA_KEY", subject)
	}
	return newAEAD(raw)
}

// personalTypes remembers which types hold personal fields (reflection once per type).
var personalTypes sync.Map

func hasPersonalFields(t reflect.Type) bool {
	if t == nil {
		return false
	}
	if known, ok := personalTypes.Load(t); ok {
		return known.(bool)
	}
	found := typeHasPersonal(t, map[reflect.Type]bool{})
	personalTypes.Store(t, found)
	return found
}

func typeHasPersonal(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return typeHasPersonal(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			if tag, ok := f.Tag.Lookup("personal"); ok && tag != "subject" {
				if f.Type.Kind() != reflect.String {
					panic("personal: only string fields can be personal: " + t.String() + "." + f.Name)
				}
				return true
			}
			if typeHasPersonal(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// walk calls fn for every personal field under v (addressable), with its subject.
// Slices and pointers on the way are copied first, so the caller's event keeps its
// values.
func walk(v reflect.Value, subject string, fn func(field reflect.Value, subject string) error) error {
	if !hasPersonalFields(v.Type()) {
		return nil
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		cp := reflect.New(v.Type().Elem())
		cp.Elem().Set(v.Elem())
		v.Set(cp)
		return walk(cp.Elem(), subject, fn)
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		cp := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(cp, v)
		v.Set(cp)
		fallthrough
	case reflect.Array:
		for i := range v.Len() {
			if err := walk(v.Index(i), subject, fn); err != nil {
				return err
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && f.Tag.Get("personal") == "subject" && v.Field(i).String() != "" {
				subject = v.Field(i).String()
			}
		}
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			if tag, ok := f.Tag.Lookup("personal"); ok && tag != "subject" {
				if err := fn(v.Field(i), subject); err != nil {
					return err
				}
				continue
			}
			if err := walk(v.Field(i), subject, fn); err != nil {
				return err
			}
		}
	}
	return nil
}
