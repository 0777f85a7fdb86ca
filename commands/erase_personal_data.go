package commands

import (
	"context"

	"github.com/google/uuid"

	"move/domain"
	"move/personal"
)

// ErasePersonalData forgets a data subject everywhere: its key is deleted first (from
// then on no sealed copy in the log opens, whatever happens next), then
// personal_data.erased.v1 is recorded on the subject's erasure stream so that live read
// models blank its fields. The command id derives from the subject: run again after an
// interruption, it completes the erasure and appends nothing twice.
func (a *App) ErasePersonalData(ctx context.Context, meta Meta, subject string) (Result, error) {
	deleted, err := a.run.vault.Erase(ctx, subject)
	if err != nil {
		return Result{}, err
	}
	if !deleted {
		// A retry finds no key and the first attempt's event: it appends nothing again.
		// A subject written to again after an erasure has a new key: erasing it again is a
		// new erasure (a fresh command id).
		meta.CommandID = uuid.NewSHA1(uuid.NameSpaceURL, []byte("personal-data-erasure/"+subject))
	}
	stream := personal.Stream(subject)
	return a.run.execute(ctx, meta, subject, func(u *unit) error {
		var erasure erasure
		if err := u.load(stream, &erasure); err != nil {
			return err
		}
		if erasure.done && !deleted {
			return nil
		}
		return u.append(stream, &erasure, personal.Erased{Subject: subject})
	})
}

// erasure is a subject's erasure stream: erased once is enough.
type erasure struct{ done bool }

func (e *erasure) Apply(ev domain.Event) {
	if _, ok := ev.(personal.Erased); ok {
		e.done = true
	}
}
