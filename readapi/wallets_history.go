package readapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/domain/wallet"
	"move/eventstore"
)

// A coupon's history is the one answer read from the log rather than a read model: an
// auditor's view of who did what, in the log's order (decision 0403).

// readWholeStream reads every event of a stream; a missing stream is no events.
func readWholeStream(ctx context.Context, rd StreamReader, stream string) ([]eventstore.RecordedEvent, error) {
	const page = 500
	var out []eventstore.RecordedEvent
	var from uint64
	for {
		events, err := rd.ReadStream(ctx, stream, eventstore.Forwards, from, page)
		if errors.Is(err, eventstore.ErrStreamNotFound) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, events...)
		if len(events) < page {
			return out, nil
		}
		from = events[len(events)-1].Version + 1
	}
}

var typeVersion = regexp.MustCompile(`\.v[0-9]+$`)

func (s *Server) couponHistory(w http.ResponseWriter, r *http.Request) error {
	if s.Events == nil {
		return errStatus(http.StatusServiceUnavailable, "history.unavailable")
	}
	id, err := uuidParam(r, "coupon_id", "coupon")
	if err != nil {
		return err
	}
	ctx := r.Context()
	notFound := &domain.NotFoundError{Kind: "coupon", ID: id}
	own, err := readWholeStream(ctx, s.Events, wallet.CouponStream(id))
	if err != nil {
		return err
	}
	if len(own) == 0 {
		return notFound
	}
	var issued wallet.CouponIssued
	if own[0].Type != issued.EventType() || json.Unmarshal(own[0].Data, &issued) != nil ||
		issued.ApplicationID != TenantFrom(ctx).ApplicationID {
		return notFound // another application's coupon is not found, like one that never existed
	}
	events := slices.Clone(own)
	batch, err := readWholeStream(ctx, s.Events, wallet.BatchStream(issued.BatchID))
	if err != nil {
		return err
	}
	for _, e := range batch {
		switch e.Type {
		case wallet.BatchGenerated{}.EventType(), wallet.BatchEnabled{}.EventType(), wallet.BatchDisabled{}.EventType():
			events = append(events, e)
		}
	}
	for _, e := range own {
		var redeemed wallet.CouponRedeemed
		if e.Type != redeemed.EventType() || json.Unmarshal(e.Data, &redeemed) != nil {
			continue
		}
		account, err := readWholeStream(ctx, s.Events, wallet.AccountStream(wallet.AccountID(issued.WalletID, redeemed.CustomerID)))
		if err != nil {
			return err
		}
		for _, a := range account {
			var credited wallet.Credited
			if a.Type == credited.EventType() && json.Unmarshal(a.Data, &credited) == nil && credited.CouponID == id {
				events = append(events, a)
			}
		}
	}
	slices.SortStableFunc(events, func(a, b eventstore.RecordedEvent) int {
		switch {
		case a.Position.Less(b.Position):
			return -1
		case b.Position.Less(a.Position):
			return 1
		}
		return 0
	})

	out := make([]historyEntry, 0, len(events))
	people := map[string]string{}
	person := func(id string) *userRef {
		if _, err := uuid.Parse(id); err != nil {
			return nil
		}
		people[id] = ""
		return &userRef{ID: id}
	}
	for _, e := range events {
		h := historyEntry{Event: typeVersion.ReplaceAllString(e.Type, ""), At: stamp(e.RecordedAt), Actor: person(e.Metadata.ActorID),
			Details: map[string]any{}, Position: e.Position.String()}
		switch e.Type {
		case wallet.CouponIssued{}.EventType():
			var p wallet.CouponIssued
			if err := json.Unmarshal(e.Data, &p); err != nil {
				return err
			}
			h.Details = map[string]any{"code": p.Code, "value_moves": p.ValueMoves, "expires_at": stampOrNil(p.ExpiresAt), "batch_id": p.BatchID, "wallet_id": p.WalletID}
		case wallet.CouponRedeemed{}.EventType():
			var p wallet.CouponRedeemed
			if err := json.Unmarshal(e.Data, &p); err != nil {
				return err
			}
			h.Details = map[string]any{"customer": person(p.CustomerID), "value_moves": p.ValueMoves, "via": p.Via, "wallet_id": p.WalletID}
		case wallet.BatchGenerated{}.EventType():
			var p wallet.BatchGenerated
			if err := json.Unmarshal(e.Data, &p); err != nil {
				return err
			}
			h.Details = map[string]any{"batch_id": issued.BatchID, "quantity": p.Quantity, "value_moves": p.ValueMoves, "prefix": p.Prefix,
				"suffix": p.Suffix, "expires_at": stampOrNil(p.ExpiresAt), "enabled": p.Enabled}
		case wallet.BatchEnabled{}.EventType(), wallet.BatchDisabled{}.EventType():
			h.Details = map[string]any{"batch_id": issued.BatchID}
		case wallet.Credited{}.EventType():
			var p wallet.Credited
			if err := json.Unmarshal(e.Data, &p); err != nil {
				return err
			}
			h.Details = map[string]any{"customer": person(p.CustomerID), "moves": p.Moves, "wallet_id": p.WalletID}
		}
		out = append(out, h)
	}

	// Names from the personal-data store, never from the log (0100).
	ids := make([]string, 0, len(people))
	for id := range people {
		ids = append(ids, id)
	}
	err = s.inTenant(r, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT subject_id::text, `+personName("p")+` FROM identity_personal_data p WHERE subject_id = ANY($1::uuid[])`, ids)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, name string
			if err := rows.Scan(&id, &name); err != nil {
				return err
			}
			people[id] = name
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	for i := range out {
		for _, ref := range []*userRef{out[i].Actor, asRef(out[i].Details["customer"])} {
			if ref != nil {
				ref.Name = people[ref.ID]
			}
		}
	}
	writeJSON(w, http.StatusOK, dataAnswer[[]historyEntry]{Data: out})
	return nil
}

func asRef(v any) *userRef {
	r, _ := v.(*userRef)
	return r
}
