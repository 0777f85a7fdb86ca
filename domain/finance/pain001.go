package finance

import (
	"encoding/xml"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The pain.001.001.03 document: only the elements a SEPA credit transfer batch uses,
// in the schema's order (encoding/xml writes fields in declaration order).
type painDocument struct {
	XMLName xml.Name     `xml:"urn:iso:std:iso:20022:tech:xsd:pain.001.001.03 Document"`
	Init    painInitiate `xml:"CstmrCdtTrfInitn"`
}

type painInitiate struct {
	Header  painHeader  `xml:"GrpHdr"`
	Payment painPayment `xml:"PmtInf"`
}

type painHeader struct {
	MsgID      string    `xml:"MsgId"`
	Created    string    `xml:"CreDtTm"`
	Count      int       `xml:"NbOfTxs"`
	ControlSum string    `xml:"CtrlSum"`
	Initiator  painParty `xml:"InitgPty"`
}

type painPayment struct {
	ID            string         `xml:"PmtInfId"`
	Method        string         `xml:"PmtMtd"`
	BatchBooking  bool           `xml:"BtchBookg"`
	Count         int            `xml:"NbOfTxs"`
	ControlSum    string         `xml:"CtrlSum"`
	ServiceLevel  string         `xml:"PmtTpInf>SvcLvl>Cd"`
	ExecutionDate string         `xml:"ReqdExctnDt"`
	Debtor        painParty      `xml:"Dbtr"`
	DebtorIBAN    string         `xml:"DbtrAcct>Id>IBAN"`
	DebtorAgent   painAgent      `xml:"DbtrAgt>FinInstnId"`
	ChargeBearer  string         `xml:"ChrgBr"`
	Transfers     []painTransfer `xml:"CdtTrfTxInf"`
}

type painParty struct {
	Name string `xml:"Nm"`
}

// painAgent names the bank by BIC, or says it is not provided (allowed within SEPA).
type painAgent struct {
	BIC   string `xml:"BIC,omitempty"`
	Other string `xml:"Othr>Id,omitempty"`
}

type painTransfer struct {
	EndToEndID   string     `xml:"PmtId>EndToEndId"`
	Amount       painAmount `xml:"Amt>InstdAmt"`
	Creditor     painParty  `xml:"Cdtr"`
	CreditorIBAN string     `xml:"CdtrAcct>Id>IBAN"`
	Remittance   string     `xml:"RmtInf>Ustrd"`
}

type painAmount struct {
	Currency string `xml:"Ccy,attr"`
	Value    string `xml:",chardata"`
}

// WritePain001 writes a batch as a pain.001.001.03 credit-transfer initiation. The
// document derives from the event alone, so the same batch always gives the same file.
func WritePain001(w io.Writer, b SepaBatchGenerated) error {
	var sum int64
	transfers := make([]painTransfer, len(b.Transfers))
	for i, t := range b.Transfers {
		sum += t.AmountCents
		transfers[i] = painTransfer{
			EndToEndID:   t.EndToEndID,
			Amount:       painAmount{Currency: "EUR", Value: Euros(t.AmountCents)},
			Creditor:     painParty{Name: sepaText(t.AccountName, 70)},
			CreditorIBAN: t.IBAN,
			Remittance:   sepaText("Uitbetaling "+string(b.Month)+" "+t.Name, 140),
		}
	}
	agent := painAgent{BIC: b.Debtor.BIC}
	if agent.BIC == "" {
		agent.Other = "NOTPROVIDED"
	}
	msgID := "MOVE-" + strings.ReplaceAll(b.BatchID, "-", "")[:24]
	doc := painDocument{Init: painInitiate{
		Header: painHeader{
			MsgID: msgID, Created: b.GeneratedAt, Count: len(transfers), ControlSum: Euros(sum),
			Initiator: painParty{Name: sepaText(b.Debtor.Name, 70)},
		},
		Payment: painPayment{
			ID: msgID + "-1", Method: "TRF", BatchBooking: true, Count: len(transfers), ControlSum: Euros(sum),
			ServiceLevel: "SEPA", ExecutionDate: b.ExecutionDate,
			Debtor: painParty{Name: sepaText(b.Debtor.Name, 70)}, DebtorIBAN: b.Debtor.IBAN, DebtorAgent: agent,
			ChargeBearer: "SLEV", Transfers: transfers,
		},
	}}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// sepaText keeps a text within the SEPA character set (Latin letters, digits, space
// and / - ? : ( ) . , ' +): accents are dropped, anything else becomes a space, and
// the text is cut at max characters. Banks refuse other characters.
func sepaText(s string, max int) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune(" /-?:().,'+", r):
			b.WriteRune(r)
		case r >= 0x300 && r <= 0x36f: // a combining accent of the letter before
		default:
			b.WriteRune(' ')
		}
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	if utf8.RuneCountInString(out) > max {
		out = strings.TrimSpace(out[:max])
	}
	if out == "" {
		return "-"
	}
	return out
}
