package wallets

import (
	"errors"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/eventstore"
	"move/readapi/kernel"
)

// couponHistory answers a coupon's whole life — its batch's order and switches, its
// own events, its credit — in log order, from the coupon_history read model (decision
// 0403). Names come from the personal-data store, never from the log (0100).
func (s *Handlers) couponHistory(w http.ResponseWriter, r *http.Request) error {
	id, err := kernel.UUIDParam(r, "coupon_id", "coupon")
	if err != nil {
		return err
	}
	ctx := r.Context()
	out := []historyEntry{}
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var batch string
		err := tx.QueryRow(ctx, `SELECT batch_id::text FROM readmodel.coupons WHERE application_id = $1 AND id = $2`, kernel.TenantFrom(ctx).ApplicationID, id).Scan(&batch)
		if errors.Is(err, pgx.ErrNoRows) {
			return &domain.NotFoundError{Kind: "coupon", ID: id} // another application's coupon too
		}
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `
			SELECT h.event, h.at, h.actor_id::text, `+kernel.PersonName("pa")+`, h.details, h.details->>'customer_id', `+kernel.PersonName("pc")+`,
			       h.commit_key, h.position
			  FROM readmodel.coupon_history h
			  LEFT JOIN identity_personal_data pa ON pa.subject_id = h.actor_id
			  LEFT JOIN identity_personal_data pc ON pc.subject_id = (h.details->>'customer_id')::uuid
			 WHERE h.coupon_id = $1 OR (h.coupon_id IS NULL AND h.batch_id = $2)
			 ORDER BY h.commit_key, h.position`, id, batch)
		if err != nil {
			return err
		}
		out, err = kernel.Collect(rows, func(row pgx.Row) (historyEntry, error) {
			var h historyEntry
			var at time.Time
			var actorID, actorName, customerID, customerName *string
			var commit, position int64
			if err := row.Scan(&h.Event, &at, &actorID, &actorName, &h.Details, &customerID, &customerName, &commit, &position); err != nil {
				return h, err
			}
			h.At, h.Actor = kernel.Stamp(at), kernel.Ref(actorID, actorName)
			if _, ok := h.Details["customer_id"]; ok {
				delete(h.Details, "customer_id")
				h.Details["customer"] = kernel.Ref(customerID, customerName)
			}
			h.Position = eventstore.Position{Commit: uint64(commit), Prepare: uint64(position)}.String()
			return h, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]historyEntry]{Data: out})
	return nil
}
