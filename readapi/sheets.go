package readapi

import (
	"archive/zip"
	"io"
	"net/http"
	"strings"
	"unicode"

	"github.com/xuri/excelize/v2"
)

// sheet is an export's spreadsheet: a workbook of one sheet, streamed row by row.
type sheet struct {
	f    *excelize.File
	sw   *excelize.StreamWriter
	line int
}

// newSheet starts a workbook whose one sheet, name, begins with the header row.
func newSheet(name string, header []string) (*sheet, error) {
	f := excelize.NewFile()
	if err := f.SetSheetName("Sheet1", name); err != nil {
		_ = f.Close()
		return nil, err
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	s := &sheet{f: f, sw: sw, line: 1}
	cells := make([]any, len(header))
	for i, c := range header {
		cells[i] = c
	}
	if err := s.add(cells); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// add writes the next row.
func (s *sheet) add(cells []any) error {
	cell, _ := excelize.CoordinatesToCellName(1, s.line)
	s.line++
	return s.sw.SetRow(cell, cells)
}

func (s *sheet) close() { _ = s.f.Close() }

// answer sends the workbook as the attachment filename; a client gone midway is only
// logged.
func (s *sheet) answer(w http.ResponseWriter, r *http.Request, filename string) error {
	if err := s.sw.Flush(); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	w.Header().Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	w.WriteHeader(http.StatusOK)
	// excelize's WriteTo builds the whole zip in a bytes.Buffer before copying it out
	// (sessions.xlsx of 100,000 rows: part of 66 MB of heap). Its zip writer is
	// replaceable: the one given here writes the archive straight into the answer, so
	// the buffer WriteTo fills stays empty (decision 0541).
	s.f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zip.NewWriter(w) })
	if _, err := s.f.WriteTo(io.Discard); err != nil {
		logger(r).Warn("export interrupted", "error", err)
	}
	return nil
}

// columnTitles are an export's header row in the user's language: the field names the
// error messages use, capitalised.
func columnTitles(language string, columns []string) []string {
	titles := make([]string, len(columns))
	for i, c := range columns {
		name := []rune(fieldName(language, c))
		if len(name) > 0 {
			name[0] = unicode.ToUpper(name[0])
		}
		titles[i] = string(name)
	}
	return titles
}

// stateTitle is a state or status value (pending, redeemed, …) in the user's language.
func stateTitle(language, state string) string {
	if _, ok := messages["state."+state]; !ok {
		return state
	}
	return translate(language, "state."+state, nil)
}

// neutralize keeps a spreadsheet from reading a CSV cell as a formula (CSV/formula
// injection): text starting with = + - @ (or a tab or carriage return) gets a leading
// apostrophe. Only CSV needs it: an xlsx string cell is text and never evaluated, so
// xlsx cells are written as typed (a phone number keeps its leading +).
func neutralize(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
