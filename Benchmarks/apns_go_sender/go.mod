module herald.local/apnsgosender

go 1.19
