package kernel

import (
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
)

// WalletRow is a wallet as the list and the form show it.
type WalletRow struct {
	ID               string   `json:"id"`
	Name             string   `json:"name"`
	Slug             string   `json:"slug"`
	IconID           *string  `json:"icon_id"`
	IncludedLabels   []string `json:"included_labels"`
	ExcludedLabels   []string `json:"excluded_labels"`
	PriceDisplayMode string   `json:"price_display_mode"`
	CanTopUp         bool     `json:"can_top_up"`
	CanTopUpOnce     bool     `json:"can_top_up_once"`
	CouponsCount     int64    `json:"coupons_count"`
	Version          uint64   `json:"version"`
	CreatedAt        string   `json:"created_at"`
	UpdatedAt        string   `json:"updated_at"`
}

const WalletColumns = `id::text, name, slug, icon_id, included_labels, excluded_labels, price_display_mode,
	can_top_up, can_top_up_once, coupons_count, version, created_at, updated_at`

func ScanWallet(row pgx.Row) (WalletRow, error) {
	var x WalletRow
	var version int64
	var created, updated time.Time
	err := row.Scan(&x.ID, &x.Name, &x.Slug, &x.IconID, &x.IncludedLabels, &x.ExcludedLabels, &x.PriceDisplayMode,
		&x.CanTopUp, &x.CanTopUpOnce, &x.CouponsCount, &version, &created, &updated)
	x.Version, x.CreatedAt, x.UpdatedAt = uint64(version), Stamp(created), Stamp(updated)
	return x, err
}

// OrganizationRow is an organisation as the list, the form and the export show it.
type OrganizationRow struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Description  string   `json:"description"`
	Type         string   `json:"type"`
	Sports       []string `json:"sports"`
	KVK          string   `json:"kvk"`
	LogoID       *string  `json:"logo_id"`
	LogoURL      *string  `json:"logo_url"`
	HeaderID     *string  `json:"header_id"`
	HeaderURL    *string  `json:"header_url"`
	Email        string   `json:"email"`
	Phone        string   `json:"phone"`
	Website      string   `json:"website"`
	FacebookURL  string   `json:"facebook_url"`
	InstagramURL string   `json:"instagram_url"`
	YoutubeURL   string   `json:"youtube_url"`
	Street       string   `json:"street"`
	HouseNumber  string   `json:"house_number"`
	Zipcode      string   `json:"zipcode"`
	City         string   `json:"city"`
	Country      string   `json:"country"`
	Notes        string   `json:"notes"`
	State        string   `json:"state"`
	RejectReason *string  `json:"reject_reason"`
	ClientID     string   `json:"client_id"`
	Version      uint64   `json:"version"`
	CreatedAt    string   `json:"created_at"`
	UpdatedAt    string   `json:"updated_at"`
	ReviewedAt   *string  `json:"reviewed_at"`
}

const OrganizationColumns = `id::text, name, description, type, sports, kvk, logo_id, header_id, email, phone, website,
	facebook_url, instagram_url, youtube_url, street, house_number, zipcode, city, country, notes, state, reject_reason,
	client_id, version, created_at, updated_at, reviewed_at`

func ScanOrganization(row pgx.Row) (OrganizationRow, error) {
	var o OrganizationRow
	var version int64
	var created, updated time.Time
	var reviewed *time.Time
	err := row.Scan(&o.ID, &o.Name, &o.Description, &o.Type, &o.Sports, &o.KVK, &o.LogoID, &o.HeaderID, &o.Email, &o.Phone,
		&o.Website, &o.FacebookURL, &o.InstagramURL, &o.YoutubeURL, &o.Street, &o.HouseNumber, &o.Zipcode, &o.City, &o.Country,
		&o.Notes, &o.State, &o.RejectReason, &o.ClientID, &version, &created, &updated, &reviewed)
	if err != nil {
		return o, err
	}
	o.Version = uint64(version)
	o.CreatedAt, o.UpdatedAt, o.ReviewedAt = Stamp(created), Stamp(updated), StampOrNil(reviewed)
	o.LogoURL, o.HeaderURL = FileURL(o.LogoID), FileURL(o.HeaderID)
	return o, nil
}

func orgPathID(r *http.Request) (string, error) {
	return UUIDParam(r, "id", "organization")
}
