package finance

import (
	"time"

	"github.com/google/uuid"

	"move/domain"
	"move/domain/organization"
)

// Payee is an organisation the platform may owe money, as the read models know it
// when a batch is generated: its balance up to and including the batch's month (the
// sum of its months' payouts), its name and its finance data.
type Payee struct {
	OrganizationID string
	Name           string
	AccountName    string
	IBAN           string
	BalanceCents   int64
}

// SepaLedger is an application's SEPA history: which months have a batch and how much
// each organisation has been paid in all. One stream per application, so a month can
// have one batch only and no organisation is ever paid twice for the same money.
type SepaLedger struct {
	ApplicationID string
	Months        map[Month]string // month → batch id
	PaidCents     map[string]int64 // organisation → sum of its transfers
}

func NewSepaLedger(applicationID string) *SepaLedger {
	return &SepaLedger{ApplicationID: applicationID, Months: map[Month]string{}, PaidCents: map[string]int64{}}
}

func (l *SepaLedger) Apply(e domain.Event) {
	if g, ok := e.(SepaBatchGenerated); ok {
		l.Months[g.Month] = g.BatchID
		for _, t := range g.Transfers {
			l.PaidCents[t.OrganizationID] += t.AmountCents
		}
	}
}

// MaxTransferCents keeps an amount within the schema's 18 digits and far from int64.
const MaxTransferCents = 999_999_999_999

// Generate decides the month's batch: every payee whose balance exceeds what earlier
// batches paid it, and who has an account to pay into, gets the difference. A payee
// without a valid IBAN, or whose balance is not above what was paid, gets nothing now
// and is settled by a later batch. zone is the application's time zone.
func (l *SepaLedger) Generate(month Month, now time.Time, zone *time.Location, debtor Debtor, payees []Payee) ([]domain.Event, error) {
	if _, ok := l.Months[month]; ok {
		return nil, &domain.ConflictError{Key: "finance.sepa_month_generated", Params: map[string]any{"month": string(month)}}
	}
	if !month.Ended(now, zone) {
		return nil, monthNotEnded("month", month)
	}
	if debtor.Name == "" || !organization.ValidIBAN(debtor.IBAN) {
		return nil, &domain.ConflictError{Key: "finance.debtor_missing"}
	}
	batchID := uuid.NewSHA1(uuid.NameSpaceURL, []byte("sepa:"+l.ApplicationID+":"+string(month))).String()
	var transfers []Transfer
	for _, p := range payees {
		due := p.BalanceCents - l.PaidCents[p.OrganizationID]
		if due <= 0 || !organization.ValidIBAN(p.IBAN) || p.AccountName == "" {
			continue
		}
		transfers = append(transfers, Transfer{
			OrganizationID: p.OrganizationID, Subject: organization.Stream(p.OrganizationID), Name: p.Name,
			AccountName: p.AccountName, IBAN: p.IBAN, AmountCents: min(due, MaxTransferCents),
			EndToEndID: endToEndID(month, len(transfers)+1),
		})
	}
	if len(transfers) == 0 {
		return nil, &domain.ConflictError{Key: "finance.sepa_nothing_due", Params: map[string]any{"month": string(month)}}
	}
	return []domain.Event{SepaBatchGenerated{
		BatchID: batchID, ApplicationID: l.ApplicationID, Month: month,
		GeneratedAt: now.UTC().Format(time.RFC3339), ExecutionDate: executionDate(now, zone),
		Debtor: debtor, Transfers: transfers,
	}}, nil
}

// executionDate asks the bank to pay on the next working day after generation.
func executionDate(now time.Time, zone *time.Location) string {
	d := now.In(zone).AddDate(0, 0, 1)
	for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		d = d.AddDate(0, 0, 1)
	}
	return d.Format("2006-01-02")
}

// endToEndID is what the organisation's bank statement shows: the month and the line.
func endToEndID(month Month, line int) string {
	return "MOVE-" + string(month) + "-" + leftPad(line, 5)
}

func leftPad(n, width int) string {
	s := []byte{}
	for ; n > 0 || len(s) < width; n /= 10 {
		s = append([]byte{byte('0' + n%10)}, s...)
	}
	return string(s)
}

func monthNotEnded(field string, month Month) error {
	var v domain.ValidationError
	v.Add(field, "finance.month_not_ended", map[string]any{"month": string(month)})
	return &v
}
