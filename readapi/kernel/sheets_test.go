package kernel

import (
	"bytes"
	"net/http/httptest"
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
