// apns_go_sender: the Go peer of `make bench-apns`. It sends N APNs-shaped requests
// (POST /3/device/<token>, bearer token, apns-topic, apns-push-type, apns-id) over C
// HTTP/2 connections of the standard library's net/http, S requests in flight on each,
// and prints one JSON line: count, accepted, seconds, rate, cpuSeconds, connections.
// Standard library only; never point it at Apple.
package main

import (
	"bytes"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

func cpuSeconds() float64 {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		return 0
	}
	seconds := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return seconds(usage.Utime) + seconds(usage.Stime)
}

func uuid() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// client makes one HTTP/2 client with a connection of its own.
func client(roots *x509.CertPool) *http.Client {
	transport := &http.Transport{
		TLSClientConfig:     &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12},
		ForceAttemptHTTP2:   true,
		MaxConnsPerHost:     1,
		MaxIdleConnsPerHost: 1,
	}
	return &http.Client{Transport: transport, Timeout: 60 * time.Second}
}

func send(c *http.Client, url, token, topic string, n int) bool {
	body := []byte(fmt.Sprintf(`{"aps":{"alert":"Benchmark %d"}}`, n))
	request, err := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/3/device/%064x", url, n+1), bytes.NewReader(body))
	if err != nil {
		return false
	}
	request.Header.Set("authorization", "bearer "+token)
	request.Header.Set("apns-topic", topic)
	request.Header.Set("apns-push-type", "alert")
	request.Header.Set("apns-id", uuid())
	request.Header.Set("content-type", "application/json")
	response, err := c.Do(request)
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, response.Body)
	response.Body.Close()
	return response.StatusCode == 200 && response.ProtoMajor == 2
}

func main() {
	url := flag.String("url", "", "https://host:port of the server")
	ca := flag.String("ca", "", "PEM file of the CA to trust")
	token := flag.String("token", "", "provider token (JWT) for the authorization header")
	topic := flag.String("topic", "com.example.bench", "apns-topic")
	count := flag.Int("count", 10000, "requests")
	connections := flag.Int("connections", 1, "HTTP/2 connections")
	streams := flag.Int("streams", 100, "requests in flight per connection")
	flag.Parse()
	pem, err := os.ReadFile(*ca)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apns_go_sender: --ca:", err)
		os.Exit(2)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(pem) {
		fmt.Fprintln(os.Stderr, "apns_go_sender: --ca: no PEM certificate in", *ca)
		os.Exit(2)
	}
	clients := make([]*http.Client, *connections)
	for i := range clients {
		clients[i] = client(roots)
		if !send(clients[i], *url, *token, *topic, 0) { // opens the connection before the clock starts
			fmt.Fprintln(os.Stderr, "apns_go_sender: the first request failed (not HTTP/2, or not 200)")
			os.Exit(1)
		}
	}
	var next, accepted int64 = -1, 0
	var wait sync.WaitGroup
	cpuBefore := cpuSeconds()
	start := time.Now()
	for _, c := range clients {
		for s := 0; s < *streams; s++ {
			wait.Add(1)
			go func(c *http.Client) {
				defer wait.Done()
				for {
					n := atomic.AddInt64(&next, 1)
					if n >= int64(*count) {
						return
					}
					if send(c, *url, *token, *topic, int(n)) {
						atomic.AddInt64(&accepted, 1)
					}
				}
			}(c)
		}
	}
	wait.Wait()
	seconds := time.Since(start).Seconds()
	cpu := cpuSeconds() - cpuBefore
	out, _ := json.Marshal(map[string]interface{}{
		"count": *count, "accepted": accepted, "seconds": seconds, "rate": float64(*count) / seconds,
		"cpuSeconds": cpu, "connections": *connections, "streams": *streams,
	})
	fmt.Println(string(out))
	if accepted != int64(*count) {
		os.Exit(1)
	}
}
