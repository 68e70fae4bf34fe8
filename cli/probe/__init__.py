"""``toolsearch probe``: does an endpoint (a gateway or proxy) keep tool search working?"""
