package wallets

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"move/domain"
	"move/readapi/kernel"
)

// batchExportColumns are the printing sheet's columns.
var batchExportColumns = []string{"code", "value_moves", "expires_at", "status"}

// exportBatch answers a batch's codes, by code, as CSV (every cell neutralised against
// formulas) or a spreadsheet, headers and statuses in the user's language.
func (s *Handlers) exportBatch(w http.ResponseWriter, r *http.Request) error {
	x, err := s.WalletInScope(r)
	if err != nil {
		return err
	}
	batchID, err := kernel.UUIDParam(r, "batch_id", "coupon_batch")
	if err != nil {
		return err
	}
	format := r.URL.Query().Get("format")
	switch format {
	case "":
		format = "xlsx"
	case "csv", "xlsx":
	default:
		return kernel.BadQuery("format")
	}
	ctx := r.Context()
	app := kernel.TenantFrom(ctx).ApplicationID
	language := kernel.Lang(r)
	header := kernel.ColumnTitles(language, batchExportColumns)
	var rows [][]string
	err = s.InTenant(r, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM readmodel.coupon_batches WHERE application_id = $1 AND wallet_id = $2 AND id = $3)`,
			app, x.ID, batchID).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			return &domain.NotFoundError{Kind: "coupon_batch", ID: batchID}
		}
		res, err := tx.Query(ctx, `
			SELECT c.code, c.value_moves, c.expires_at, `+couponStatus("$4")+`
			  FROM readmodel.coupons c JOIN readmodel.coupon_batches b ON b.id = c.batch_id
			 WHERE c.application_id = $1 AND c.wallet_id = $2 AND c.batch_id = $3
			 ORDER BY c.code_normalized`, app, x.ID, batchID, time.Now().UTC())
		if err != nil {
			return err
		}
		rows, err = kernel.Collect(res, func(row pgx.Row) ([]string, error) {
			var code, status string
			var value int64
			var expires *time.Time
			err := row.Scan(&code, &value, &expires, &status)
			at := ""
			if expires != nil {
				at = kernel.Stamp(*expires)
			}
			return []string{code, strconv.FormatInt(value, 10), at, kernel.StateTitle(language, status)}, err
		})
		return err
	})
	if err != nil {
		return err
	}
	name := "coupons-" + batchID[:8]
	if format == "csv" {
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.csv"`)
		w.WriteHeader(http.StatusOK)
		cw := csv.NewWriter(w)
		_ = cw.Write(header)
		for _, row := range rows {
			for j, v := range row {
				row[j] = kernel.Neutralize(v)
			}
			_ = cw.Write(row)
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			kernel.Logger(r).Warn("export interrupted", "error", err)
		}
		return nil
	}
	book, err := kernel.NewSheet("Codes", header)
	if err != nil {
		return err
	}
	defer book.Close()
	cells := make([]any, len(batchExportColumns))
	for _, row := range rows {
		for j, v := range row {
			cells[j] = v
		}
		if n, err := strconv.ParseInt(row[1], 10, 64); err == nil {
			cells[1] = n // a number in the sheet
		}
		if err := book.Add(cells); err != nil {
			return err
		}
	}
	return book.Answer(w, r, name+".xlsx")
}
