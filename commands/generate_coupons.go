package commands

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/wallet"
	"move/eventstore"
)

// BatchResult is a generated batch: where its last chunk landed, and how many coupons
// it holds.
type BatchResult struct {
	Result
	Issued int
}

// GenerateCoupons orders a batch of coupons for a wallet and issues them, a chunk
// (wallet.ChunkSize coupons) per atomic append. Each chunk's command id derives from
// the batch's and each chunk expects the batch stream's version, so a retried request —
// or the batch process after a crash — resumes where the batch stopped and never issues
// more coupons than ordered.
func (a *App) GenerateCoupons(ctx context.Context, meta Meta, walletID string, spec wallet.BatchSpec) (BatchResult, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	id := uuid.NewSHA1(meta.CommandID, []byte("coupon_batch")).String()
	res, err := a.run.execute(ctx, meta, id, func(u *unit) error {
		w := wallet.New(walletID)
		if err := u.load(wallet.Stream(walletID), w); err != nil {
			return err
		}
		b := wallet.NewBatch(id)
		if err := u.load(wallet.BatchStream(id), b); err != nil {
			return err
		}
		events, err := b.Generate(w, meta.ApplicationID, spec, u.now)
		if err != nil {
			return err
		}
		return u.append(wallet.BatchStream(id), b, events...)
	})
	if err != nil {
		return BatchResult{}, err
	}
	return a.IssueCoupons(ctx, meta, id, res)
}

// IssueCoupons issues the batch's missing coupons, chunk by chunk. It is the resumable
// half of GenerateCoupons: the batch process calls it for batches a crash left short.
func (a *App) IssueCoupons(ctx context.Context, meta Meta, batchID string, last Result) (BatchResult, error) {
	batchUUID, err := uuid.Parse(batchID)
	if err != nil {
		return BatchResult{}, &domain.NotFoundError{Kind: "coupon_batch", ID: batchID}
	}
	for chunk := 0; ; chunk++ {
		m := meta
		m.CommandID = uuid.NewSHA1(batchUUID, fmt.Appendf(nil, "chunk/%d", chunk))
		var b *wallet.Batch
		res, err := a.run.execute(ctx, m, batchID, func(u *unit) error {
			b = wallet.NewBatch(batchID)
			if err := u.load(wallet.BatchStream(batchID), b); err != nil {
				return err
			}
			if !b.Exists {
				return &domain.NotFoundError{Kind: "coupon_batch", ID: batchID}
			}
			if b.Remaining() == 0 {
				return nil
			}
			codes := make([]string, min(wallet.ChunkSize, b.Remaining()))
			for i := range codes {
				code, err := wallet.NewCode(rand.Reader, b.Spec.Prefix, b.Spec.Suffix)
				if err != nil {
					return err
				}
				codes[i] = code
			}
			batchEvents, coupons, err := b.IssueChunk(codes)
			if err != nil {
				return err
			}
			// A coupon's stream is named by its code and expected not to exist: a code
			// taken anywhere on the platform fails the chunk, which is decided again with
			// fresh codes.
			for _, c := range coupons {
				id := wallet.CouponID(c.Code)
				u.expectNew(wallet.CouponStream(id))
				if err := u.append(wallet.CouponStream(id), wallet.NewCoupon(id), c); err != nil {
					return err
				}
			}
			return u.append(wallet.BatchStream(batchID), b, batchEvents...)
		})
		if err != nil {
			return BatchResult{}, err
		}
		if res.Position != (eventstore.Position{}) {
			last = res
		}
		if b == nil || b.Remaining() == 0 {
			return BatchResult{Result: last, Issued: b.Issued}, nil
		}
	}
}
