package kernel

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// The export sheet is a workbook a spreadsheet library opens (excelize reads it here),
// with each value typed as given: text stays text (a formula-looking or phone-number
// string is not evaluated), numbers and booleans are typed cells, and characters XML
// cannot hold become U+FFFD instead of breaking the file (decision 0541).
func TestSheetOpensWithTypedCells(t *testing.T) {
	sh, err := NewSheet("Sessies & co", []string{"Text", "Int", "Int64", "Float", "Bool", "Empty", "After"})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	rows := [][]any{
		{`<a href="x">&amp;</a>`, 7, int64(1) << 40, 12.5, true, nil, "after a gap"},
		{"=SUM(A1:A2)", -3, int64(0), 0.1, false, nil, "+31 6 12345678"},
		{"two\nlines\r\nand a\ttab", 0, int64(-9), -1e-7, true, nil, "bad \x00\x1b and \xff bytes"},
	}
	for _, r := range rows {
		if err := sh.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	wide := make([]any, 30)
	for i := range wide {
		wide[i] = i
	}
	if err := sh.Add(wide); err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	if err := sh.Answer(rec, httptest.NewRequest("GET", "/export", nil), "test.xlsx"); err != nil {
		t.Fatal(err)
	}
	if rec.Header().Get("Content-Disposition") != `attachment; filename="test.xlsx"` {
		t.Fatalf("headers: %v", rec.Header())
	}
	f, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatalf("the workbook does not open: %v", err)
	}
	if names := f.GetSheetList(); len(names) != 1 || names[0] != "Sessies & co" {
		t.Fatalf("sheets: %v", names)
	}
	got, err := f.GetRows("Sessies & co", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"Text", "Int", "Int64", "Float", "Bool", "Empty", "After"},
		{`<a href="x">&amp;</a>`, "7", "1099511627776", "12.5", "1", "", "after a gap"},
		{"=SUM(A1:A2)", "-3", "0", "0.1", "0", "", "+31 6 12345678"},
		{"two\nlines\r\nand a\ttab", "0", "-9", "-0.0000001", "1", "", "bad \ufffd\ufffd and \ufffd bytes"},
	}
	for i, w := range want {
		if strings.Join(got[i], "|") != strings.Join(w, "|") {
			t.Errorf("row %d: %q, want %q", i+1, got[i], w)
		}
	}
	if len(got[4]) != 30 || got[4][26] != "26" || got[4][29] != "29" {
		t.Errorf("30 columns (to AD): %q", got[4])
	}
	for cell, kind := range map[string]excelize.CellType{"A2": excelize.CellTypeInlineString, "B2": excelize.CellTypeUnset,
		"E2": excelize.CellTypeBool, "A3": excelize.CellTypeInlineString} {
		if k, err := f.GetCellType("Sessies & co", cell); err != nil || k != kind {
			t.Errorf("%s: type %v, want %v (%v)", cell, k, kind, err)
		}
	}
	if formula, _ := f.GetCellFormula("Sessies & co", "A3"); formula != "" {
		t.Errorf("a text cell became a formula: %q", formula)
	}
	if _, err := NewSheet("a/b", nil); err == nil {
		t.Error("a sheet name with / was accepted")
	}
}

// The parts of the workbook are byte for byte what the sheet wrote before it compressed
// beside the query (decision 1740): only the zip's compressed bytes differ. Every kind of
// cell, escaping, a gap and a carriage return, across more rows than one chunk holds.
func TestSheetPartsAreByteIdentical(t *testing.T) {
	sh, err := NewSheet("Sessies & co", []string{"Tekst", "Getal"})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	for _, r := range [][]any{{"a<b & \"c\"", 7, int64(-9), 0.1, true, nil, "x\r\ny\tz\x01"}, {nil, uint64(3), int32(4), false, 2.5e-7}} {
		if err := sh.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	const wantRows = `<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">Tekst</t></is></c><c r="B1" t="inlineStr"><is><t xml:space="preserve">Getal</t></is></c></row>` +
		`<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">a&lt;b &amp; &quot;c&quot;</t></is></c><c r="B2"><v>7</v></c><c r="C2"><v>-9</v></c><c r="D2"><v>0.1</v></c>` +
		`<c r="E2" t="b"><v>1</v></c><c r="G2" t="inlineStr"><is><t xml:space="preserve">x&#xD;` + "\ny\tz\uFFFD" + `</t></is></c></row>` +
		`<row r="3"><c r="B3"><v>3</v></c><c r="C3"><v>4</v></c><c r="D3" t="b"><v>0</v></c><c r="E3"><v>0.00000025</v></c></row>`
	// Enough rows of 30 columns to fill several of the packer's chunks.
	var more strings.Builder
	wide := make([]any, 30)
	for line := 4; line < 2004; line++ {
		more.WriteString(`<row r="` + strconv.Itoa(line) + `">`)
		for i := range wide {
			wide[i] = "Ann"
			more.WriteString(`<c r="` + string(appendColumn(nil, i)) + strconv.Itoa(line) + `" t="inlineStr"><is><t xml:space="preserve">Ann</t></is></c>`)
		}
		more.WriteString(`</row>`)
		if err := sh.Add(wide); err != nil {
			t.Fatal(err)
		}
	}
	rec := httptest.NewRecorder()
	if err := sh.Answer(rec, httptest.NewRequest("GET", "/export", nil), "x.xlsx"); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(rec.Body.Bytes()), int64(rec.Body.Len()))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"[Content_Types].xml":        sheetContentTypes,
		"_rels/.rels":                sheetPackageRels,
		"xl/workbook.xml":            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"><sheets><sheet name=\"Sessies &amp; co\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>",
		"xl/_rels/workbook.xml.rels": sheetWorkbookRels,
		"xl/worksheets/sheet1.xml":   xml.Header + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` + wantRows + more.String() + `</sheetData></worksheet>`,
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		rc, err := f.Open() // checks the CRC-32 and sizes the header states
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(rc)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if string(got) != want[f.Name] {
			t.Errorf("%s differs:\n%.600s\nwant\n%.600s", f.Name, got, want[f.Name])
		}
	}
	if strings.Join(names, " ") != "[Content_Types].xml _rels/.rels xl/workbook.xml xl/_rels/workbook.xml.rels xl/worksheets/sheet1.xml" {
		t.Errorf("parts: %v", names)
	}
}

// A sheet given up before its answer (a query failed midway) stops its packer and
// leaves nothing behind.
func TestSheetClosedWithoutAnswer(t *testing.T) {
	sh, err := NewSheet("Sessions", []string{"A"})
	if err != nil {
		t.Fatal(err)
	}
	for range 5000 {
		if err := sh.Add([]any{"a row long enough to fill a chunk or two of the packer's buffers"}); err != nil {
			t.Fatal(err)
		}
	}
	sh.Close()
	select {
	case <-sh.pack.done:
	default:
		t.Fatal("the packer still runs after Close")
	}
	sh.Close() // twice is harmless
}
