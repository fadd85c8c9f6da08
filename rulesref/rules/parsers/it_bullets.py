FORMAT = 'it-wiki-bullets'
def detect(source): return False
def parse(source): raise NotImplementedError
