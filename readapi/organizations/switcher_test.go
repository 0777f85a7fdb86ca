package organizations_test

import (
	"fmt"
	"move/readapi/readapitest"
	"strings"
	"testing"
	"time"
)

// The switcher's total with a search counts up to 1,000 and then says "more" (1,001),
// decision 0540; below the cap it is exact and the page is sorted and paged as before.
// Without a search (the selects) it is exact.
func TestSwitcherTotalIsCappedWithASearch(t *testing.T) {
	c := newOrganizationServer(t)
	var csv strings.Builder
	csv.WriteString("name,street,house_number,zipcode,city,country\n")
	for i := range 1_010 {
		fmt.Fprintf(&csv, "Club %04d,Laan,1,1111AA,Utrecht,nl\n", i)
	}
	csv.WriteString("Zqa Hockey,Laan,1,1111AA,Delft,nl\n")
	c.Want(c.UploadCSV("/v1/admin/applications/organizations/import", csv.String()), 201)
	simple := func(query string) (int, []string) {
		r := c.Want(c.Do("GET", "/v1/admin/organizations/simple?"+query, nil), 200)
		var names []string
		for _, row := range readapitest.Dig(r.Body, "data").([]any) {
			names = append(names, readapitest.Dig(row, "name").(string))
		}
		return readapitest.Total(r), names
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if n, _ := simple("itemsPerPage=1"); n == 1_011 {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("the read model shows %d of 1,011 organisations", n)
		}
	}
	for _, tc := range []struct {
		query string
		total int
		names []string
	}{
		// A two-character search matching every club: "more than 1,000", the first five by name.
		{"itemsPerPage=5&search=cl", 1_001, []string{"Club 0000", "Club 0001", "Club 0002", "Club 0003", "Club 0004"}},
		{"itemsPerPage=2&search=ut&sort=-name", 1_001, []string{"Club 1009", "Club 1008"}},
		// One that matches few: exact, sorted, paged.
		{"itemsPerPage=5&search=zq", 1, []string{"Zqa Hockey"}},
		{"itemsPerPage=5&search=delft", 1, []string{"Zqa Hockey"}},
		{"itemsPerPage=4&page=2&search=club%20000", 10, []string{"Club 0004", "Club 0005", "Club 0006", "Club 0007"}},
		{"itemsPerPage=4&page=2&search=club%20000&sort=-name", 10, []string{"Club 0005", "Club 0004", "Club 0003", "Club 0002"}},
		{"itemsPerPage=4&page=4&search=club%20000", 10, nil},
		{"itemsPerPage=5&search=nothing", 0, nil},
		// No search: the exact total.
		{"itemsPerPage=2", 1_011, []string{"Club 0000", "Club 0001"}},
	} {
		n, names := simple(tc.query)
		if n != tc.total || strings.Join(names, "|") != strings.Join(tc.names, "|") {
			t.Errorf("%s: total %d %v, want %d %v", tc.query, n, names, tc.total, tc.names)
		}
	}
}
